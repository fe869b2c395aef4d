import { isValidElement } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

/** The browser data router over the app's routes (one per page load, created by main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Fetches every preloadable page component (see lazyPages.ts) on the route to `pathname`. */
export function preloadRoutePages(pathname: string): Promise<unknown> {
  const elements = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.element);
  return Promise.all(
    elements.map((element) => {
      const type = isValidElement(element) ? (element.type as { preload?: () => Promise<unknown> }) : undefined;
      return type?.preload?.();
    }),
  );
}
