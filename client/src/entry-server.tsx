/**
 * Server renderer of the public pages (built by `vite build --ssr` into client/dist-ssr and
 * loaded by the API server). Home, about, terms and the 404 page are rendered to HTML with
 * their critical CSS, so they paint before any JavaScript runs; the browser then hydrates.
 * Routes marked `handle.clientOnly` (everything that talks to the API) get the empty shell.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { SiteConfig } from '@cryptovest/common';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { DEFAULT_DESCRIPTION, PageHeadCollector, type PageHead } from './components/PageMeta';

/** A rendered page: HTTP status, the markup of #root, its critical CSS, and its <head> facts. */
export interface RenderedPage {
  status: number;
  html: string;
  styles: string;
  head: PageHead;
  /** Errors React recovered from (the affected part then renders in the browser); for logs. */
  errors: unknown[];
}

/** True when `pathname` resolves to a route that must render in the browser only. */
export function isClientOnly(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some((m) => (m.route.handle as { clientOnly?: boolean } | undefined)?.clientOnly);
}

/** The key under which a rendered page can be cached: its path, or one key for every 404. */
export function cacheKeyFor(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.some((m) => m.route.path === '*') ? '*404*' : pathname.replace(/\/+$/, '') || '/';
}

/** Reads a Node stream of the prerendered markup into one string. */
async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one public page with the operator's site config; null for client-only routes. */
export async function renderPage(url: string, site: SiteConfig): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (isClientOnly(pathname)) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return null; // redirects: let the client router handle them
  const router = createStaticRouter(handler.dataRoutes, context);

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  let head: PageHead = { title: site.brandName, description: DEFAULT_DESCRIPTION };
  const collectHead = (facts: PageHead) => {
    head = facts;
  };
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <PageHeadCollector.Provider value={collectHead}>
        <AppProviders site={site}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PageHeadCollector.Provider>
    </CacheProvider>,
    {
      onError: (error) => void errors.push(error),
      // Never outline a Suspense boundary's content: outlined content is moved into place by
      // React's inline scripts, which the CSP (rightly) does not allow.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const status = cacheKeyFor(pathname) === '*404*' ? 404 : context.statusCode;
  return { status, html, styles, head, errors };
}

/**
 * Inline script that puts the light/dark class on <html> before first paint (MUI's own, for
 * the theme's `class` selector). The server inlines it in every page and allows it by hash.
 */
export function colorSchemeScript(): string {
  const markup = renderToStaticMarkup(<InitColorSchemeScript attribute="class" />);
  const match = /<script[^>]*>([\s\S]*)<\/script>/.exec(markup);
  if (!match) throw new Error('InitColorSchemeScript rendered no script');
  return match[1];
}
