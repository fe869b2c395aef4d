import { matchRoutes, type RouteObject } from 'react-router';
import type { PageDataKey } from './pageData';

/** What a route tells the server renderer, through react-router's `handle`. */
export interface RouteHandle {
  /** Render in the browser only: the page starts from what only the browser knows (stored e-mail, tokens). */
  clientOnly?: boolean;
  /** Public data the server loads through its services and hands to the page (seeded in Apollo's cache). */
  data?: PageDataKey[];
}

/** The handles of every route matching `pathname`, outermost first. */
export function routeHandles(routes: RouteObject[], pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).map((m) => (m.route.handle ?? {}) as RouteHandle);
}
