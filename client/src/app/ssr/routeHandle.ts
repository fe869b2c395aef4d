import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import type { PageDataKey } from './pageData';

/** What a route tells the server renderer, through react-router's `handle`. */
export interface RouteHandle {
  /** Render in the browser only: the page starts from what only the browser knows (stored e-mail, tokens). */
  clientOnly?: boolean;
  /** Public data the server loads through its services and hands to the page (seeded in Apollo's cache). */
  data?: PageDataKey[];
}

/** Paths whose matches a matcher keeps (the oldest goes first): visitors ask for a few pages. */
const MATCHES_KEPT = 500;

/**
 * `matchRoutes` over fixed `routes`, remembered by path: react-router flattens, ranks and compiles
 * every route on each call (about a millisecond here, a quarter of a kept page's CPU), and a page
 * view asks two or three times.
 */
export function routeMatcher(routes: RouteObject[]): (pathname: string) => RouteMatch[] {
  const kept = new Map<string, RouteMatch[]>();
  return (pathname) => {
    let matches = kept.get(pathname);
    if (!matches) {
      matches = matchRoutes(routes, pathname) ?? [];
      if (kept.size >= MATCHES_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(pathname, matches);
    }
    return matches;
  };
}

/** The handles of the routes in `matches`, outermost first. */
export function routeHandles(matches: RouteMatch[]): RouteHandle[] {
  return matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
}
