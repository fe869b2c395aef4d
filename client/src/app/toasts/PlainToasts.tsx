import Box from '@mui/material/Box';
import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import { useEffect } from 'react';
import { TOAST_TOP_OFFSET_PX } from './belowNav';
import { dismissPlainToast, usePlainToasts, type PlainToast } from './toasts';

/** Background of a plain toast per variant (as ToastHost colours notistack's). */
const BACKGROUND = {
  default: 'grey.900',
  info: 'info.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
} as const;

/** One plain toast: closes when clicked or after TOAST_AUTO_HIDE_MS. */
function Plain({ toast }: { toast: PlainToast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissPlainToast(toast.id), TOAST_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <Box
      role="alert"
      onClick={() => dismissPlainToast(toast.id)}
      sx={{
        cursor: 'pointer',
        bgcolor: BACKGROUND[toast.variant ?? 'default'],
        color: 'common.white',
        px: 2,
        py: 1.5,
        borderRadius: 1,
        boxShadow: 6,
        typography: 'body2',
      }}
    >
      {toast.message}
    </Box>
  );
}

/**
 * The toasts notistack could not show because its code could not be fetched (see
 * `toastHostFailed`): the same place and colours, without its animations, so the message still
 * reaches the visitor, e.g. an error while the network is gone.
 */
export function PlainToasts() {
  const toasts = usePlainToasts();
  if (!toasts.length) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        top: TOAST_TOP_OFFSET_PX,
        left: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 20 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {toasts.map((toast) => (
        <Plain key={toast.id} toast={toast} />
      ))}
    </Box>
  );
}
