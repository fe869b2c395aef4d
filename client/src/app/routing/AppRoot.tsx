import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { CloseStaleErrorToasts } from '../toasts/staleErrorToasts';
import { ScrollManager } from './ScrollManager';

/**
 * Root route element: scroll handling for every page, then the matched layout. Marks <html>
 * with `data-app="ready"` once React has mounted (or adopted the server HTML), so tests and
 * tools can tell a painted page from an interactive one. Leaving a page closes its error toasts.
 */
export function AppRoot() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <>
      <ScrollManager />
      <CloseStaleErrorToasts />
      <Outlet />
    </>
  );
}
