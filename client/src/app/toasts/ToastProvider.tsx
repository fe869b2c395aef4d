import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useState, type ReactNode } from 'react';
import { BELOW_NAV_CLASS, TOAST_TOP_OFFSET_PX } from './belowNav';
import { PlainToasts } from './PlainToasts';
import { loadToastHost, toastHostFailed, useToastHostWanted, warmToasts } from './toasts';

const belowNavStyles = { [`.notistack-SnackbarContainer.${BELOW_NAV_CLASS}`]: { top: TOAST_TOP_OFFSET_PX } };

/**
 * The toast host (notistack and the toasts' components) once a toast has been asked for; fetched
 * then (see `enqueueToast`). Not React.lazy: a failed fetch would reach the error boundary and
 * replace the page; instead its toasts are shown plainly (PlainToasts).
 */
function useToastHost(): ReactNode {
  const wanted = useToastHostWanted();
  const [host, setHost] = useState<ReactNode>(null);
  useEffect(() => (host ? undefined : warmToasts(window)), [host]);
  useEffect(() => {
    if (!wanted || host) return;
    let current = true;
    loadToastHost().then(
      (module) => {
        if (current) setHost(<module.ToastHost />);
      },
      () => {
        if (current) toastHostFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, host]);
  return wanted ? host : null;
}

/**
 * Toasts as SPEC §2 says: top-right, auto-close after 5000 ms, paused while hovered and while
 * the window is blurred (notistack's built-in behaviour), closed on click. They start below the
 * nav bars and header buttons. On phones a toast is as wide as the screen, so it is centred; it
 * stays at the top there too, as at the bottom it covered a full-screen dialog's buttons.
 * Show one with `useToasts().enqueueSnackbar(message, { variant })` (toasts.ts).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const host = useToastHost();
  return (
    <>
      <GlobalStyles styles={belowNavStyles} />
      {children}
      {host}
      <PlainToasts />
    </>
  );
}
