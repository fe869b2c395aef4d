import { isValidElement } from 'react';
import { createBrowserRouter, type DataRouteMatch } from 'react-router';
import { routes } from './routes';

/** The browser data router over the app's routes (one per page load, created by main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Fetches every preloadable page component (see lazyPages.ts) on a matched route: the router's
 * own matches of the page being loaded, so the routes are not ranked and matched a second time.
 */
export function preloadRoutePages(matches: readonly DataRouteMatch[]): Promise<unknown> {
  const elements = matches.map((m) => m.route.element);
  return Promise.all(
    elements.map((element) => {
      const type = isValidElement(element) ? (element.type as { preload?: () => Promise<unknown> }) : undefined;
      return type?.preload?.();
    }),
  );
}
