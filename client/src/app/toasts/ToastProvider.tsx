import GlobalStyles from '@mui/material/GlobalStyles';
import { TOAST_AUTO_HIDE_MS } from '@cryptovest/common';
import { SnackbarProvider, type SnackbarOrigin } from 'notistack';
import { useState, type ReactNode } from 'react';
import { BELOW_NAV_CLASS, TOAST_TOP_OFFSET_PX } from './belowNav';
import { OpenErrorToastsContext, type OpenErrorToasts } from './staleErrorToasts';
import { closeAction, toastComponents } from './toastContent';

const belowNavStyles = { [`.notistack-SnackbarContainer.${BELOW_NAV_CLASS}`]: { top: TOAST_TOP_OFFSET_PX } };
const topRight: SnackbarOrigin = { vertical: 'top', horizontal: 'right' };
const classes = { containerRoot: BELOW_NAV_CLASS };

/**
 * notistack's provider with the toasts SPEC §2 asks for: top-right, closed after 5000 ms, paused
 * while hovered and while the window is blurred (notistack's own behaviour), closed on click.
 * They start below the nav bars and header buttons; on phones notistack makes them as wide as
 * the screen. Components show one with notistack's `useSnackbar().enqueueSnackbar`. The error
 * toasts on screen are tracked, so that leaving the page closes them (CloseStaleErrorToasts).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [openErrors] = useState<OpenErrorToasts>(() => new Map());
  return (
    <OpenErrorToastsContext.Provider value={openErrors}>
      <SnackbarProvider
        classes={classes}
        anchorOrigin={topRight}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        maxSnack={4}
        preventDuplicate
        action={closeAction}
        Components={toastComponents}
      >
        <GlobalStyles styles={belowNavStyles} />
        {children}
      </SnackbarProvider>
    </OpenErrorToastsContext.Provider>
  );
}
