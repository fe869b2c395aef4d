import type { SnackbarKey } from 'notistack';
import { useSnackbar } from 'notistack';
import { createContext, useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * How long an error toast must have been on screen before a move to another page closes it: an
 * error raised by the very action that navigates (a sign-in refused for an unverified e-mail,
 * which opens the verification page) still has to be read on the new page.
 */
export const STALE_ERROR_MS = 1000;

/** The error toasts on screen, by key, with when each appeared. */
export type OpenErrorToasts = Map<SnackbarKey, number>;

/** Shared by the toasts (which register themselves) and the closer below; one per ToastProvider. */
export const OpenErrorToastsContext = createContext<OpenErrorToasts | null>(null);

/** Registers a toast while it is on screen when it is an error (called by every toast). */
export function useRegisterErrorToast(id: SnackbarKey, variant: string): void {
  const open = useContext(OpenErrorToastsContext);
  useEffect(() => {
    if (!open || variant !== 'error') return undefined;
    open.set(id, Date.now());
    return () => void open.delete(id);
  }, [open, id, variant]);
}

/**
 * Closes the error toasts of the page the user left (issue 38, defect 10: an old error followed
 * them onto the next screen, where it no longer applies). Success and info toasts finish their
 * time: they report something done, which stays true. Rendered once inside the router.
 */
export function CloseStaleErrorToasts(): null {
  const { pathname } = useLocation();
  const open = useContext(OpenErrorToastsContext);
  const { closeSnackbar } = useSnackbar();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname || !open) return;
    shownPath.current = pathname;
    const now = Date.now();
    for (const [key, at] of open) if (now - at >= STALE_ERROR_MS) closeSnackbar(key);
  }, [pathname, open, closeSnackbar]);
  return null;
}
