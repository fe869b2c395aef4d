import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  SnackbarProvider,
  type CustomContentProps,
  type SnackbarKey,
} from 'notistack';
import { forwardRef, useEffect, type ReactNode } from 'react';
import { BELOW_NAV_CLASS } from './belowNav';
import { toastHostMounted } from './toasts';

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
 * notistack's provider with the app's toast settings (see ToastProvider), mounted with the first
 * toast. Toasts reach it through notistack's global `enqueueSnackbar`, which the mounted provider
 * serves (read at each call: a provider mounted later replaces it).
 */
export function ToastHost() {
  const phone = useMediaQuery(PHONE_QUERY);
  useEffect(() => {
    toastHostMounted((message, options) => void enqueueSnackbar(message, options));
    return () => toastHostMounted(null);
  }, []);
  return (
    <SnackbarProvider
      classes={{ containerRoot: BELOW_NAV_CLASS }}
      anchorOrigin={{ vertical: 'top', horizontal: phone ? 'center' : 'right' }}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      maxSnack={4}
      preventDuplicate
      action={closeAction}
      Components={components}
    />
  );
}
