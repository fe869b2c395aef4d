import CloseIcon from '@mui/icons-material/Close';
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

const components = {
  default: ClickToCloseToast,
  info: ClickToCloseToast,
  success: ClickToCloseToast,
  warning: ClickToCloseToast,
  error: ClickToCloseToast,
};

/**
 * Toasts as SPEC §2 says: top-right, auto-close after 5000 ms, paused while hovered and while
 * the window is blurred (notistack's built-in behaviour), closed on click. On phones a toast is
 * as wide as the screen, so it goes to the bottom instead of covering the header and its menu.
 * Show one with notistack's `enqueueSnackbar(message, { variant })`.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <SnackbarProvider
      anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      maxSnack={4}
      preventDuplicate
      action={closeAction}
      Components={components}
    >
      {children}
    </SnackbarProvider>
  );
}
