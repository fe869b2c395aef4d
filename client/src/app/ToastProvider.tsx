import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import {
  closeSnackbar,
  MaterialDesignContent,
  SnackbarProvider,
  type CustomContentProps,
  type SnackbarKey,
} from 'notistack';
import { forwardRef, type ReactNode } from 'react';

/** notistack's toast restyled with theme colours (its defaults fail AA contrast on white text). */
const StyledContent = styled(MaterialDesignContent)(({ theme }) => ({
  cursor: 'pointer',
  fontFamily: theme.typography.fontFamily,
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900] },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

/** A toast that closes when clicked anywhere (SPEC §2); the close button serves keyboard users. */
const ClickToCloseToast = forwardRef<HTMLDivElement, CustomContentProps>(function ClickToCloseToast(props, ref) {
  return (
    <div ref={ref} onClick={() => closeSnackbar(props.id)}>
      <StyledContent {...props} />
    </div>
  );
});

/** Close button rendered in every toast. */
function closeAction(key: SnackbarKey): ReactNode {
  return (
    <IconButton size="small" color="inherit" aria-label="Close notification" onClick={() => closeSnackbar(key)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Below MUI's `sm` breakpoint (600px): phones. A plain query, so no theme is needed. */
const PHONE_QUERY = '(max-width:599.95px)';

/**
 * How far below the top edge toasts start: under the public nav bar (64–72 px), the phone top
 * bar (56–64 px) and the dashboard's header buttons (theme, bell, avatar; they end at 66 px), so
 * a toast never covers a nav button (issue 14). notistack's own offset is 14 px.
 */
export const TOAST_TOP_OFFSET_PX = 80;

/** Class given to the toast container (two classes outrank notistack's one). */
const BELOW_NAV_CLASS = 'cv-toasts-below-nav';
const belowNavStyles = { [`.notistack-SnackbarContainer.${BELOW_NAV_CLASS}`]: { top: TOAST_TOP_OFFSET_PX } };

const components = {
  default: ClickToCloseToast,
  info: ClickToCloseToast,
  success: ClickToCloseToast,
  warning: ClickToCloseToast,
  error: ClickToCloseToast,
};

/**
 * Toasts as SPEC §2 says: top-right, auto-close after 5000 ms, paused while hovered and while
 * the window is blurred (notistack's built-in behaviour), closed on click. They start below the
 * nav bars and header buttons. On phones a toast is as wide as the screen, so it is centred; it
 * stays at the top there too, as at the bottom it covered a full-screen dialog's buttons.
 * Show one with `enqueueSnackbar(message, { variant })`.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <>
      <GlobalStyles styles={belowNavStyles} />
      <SnackbarProvider
        classes={{ containerRoot: BELOW_NAV_CLASS }}
        anchorOrigin={{ vertical: 'top', horizontal: phone ? 'center' : 'right' }}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        maxSnack={4}
        preventDuplicate
        action={closeAction}
        Components={components}
      >
        {children}
      </SnackbarProvider>
    </>
  );
}
