/**
 * Server renderer of the public pages (built by `vite build --ssr` into client/dist-ssr and
 * loaded by the API server). The public and sign-in pages and the 404 page are rendered to HTML
 * with their critical CSS, so they paint before any JavaScript runs; the browser then hydrates.
 * Public data a page lists (route handle `data`: the plans) is read by the server through its
 * services and handed in; it seeds the render's Apollo cache, which goes into the page for the
 * browser's client. Routes marked `handle.clientOnly` get the empty shell.
 */
import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { CATALOGUES, type Catalogue, type Locale, type Namespace, type SiteConfig } from '@cryptovest/common';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PreparedApolloClient } from './app/api/ApolloOutlet';
import { AppProviders } from './app/boot/AppProviders';
import { createI18n } from './app/i18n/createI18n';
import type { I18nState } from './app/i18n/i18nState';
import { routes } from './app/routing/routes';
import { seedApolloCache, type PageData, type PageDataKey } from './app/ssr/pageData';
import { routeHandles, routeMatcher } from './app/ssr/routeHandle';
import { DEFAULT_DESCRIPTION, PageHeadCollector, type PageHead } from './components/PageMeta';

/** A rendered page: HTTP status, the markup of #root, its critical CSS, and its <head> facts. */
export interface RenderedPage {
  status: number;
  html: string;
  styles: string;
  head: PageHead;
  /** Errors React recovered from (the affected part then renders in the browser); for logs. */
  errors: unknown[];
  /** The Apollo cache the page was rendered with, for the browser's client; null when empty. */
  apolloState: NormalizedCacheObject | null;
  /** The page's language and the catalogues its render used, for the browser's first render. */
  i18nState: I18nState;
}

/** The routes matching a path (kept by path: every page view asks for them). */
const matchesOf = routeMatcher(routes);

/** True when `pathname` resolves to a route that must render in the browser only. */
export function isClientOnly(pathname: string): boolean {
  return routeHandles(matchesOf(pathname)).some((handle) => handle.clientOnly);
}

/** The public data the page at `pathname` lists, for the server to read before rendering it. */
export function dataNeededFor(pathname: string): PageDataKey[] {
  return [...new Set(routeHandles(matchesOf(pathname)).flatMap((handle) => handle.data ?? []))];
}

/** An Apollo client for one render: no network, its cache seeded with the page's data. */
function renderClient(data: PageData): { client: ApolloClient; cache: InMemoryCache } {
  const cache = new InMemoryCache();
  const client = new ApolloClient({ link: ApolloLink.empty(), cache });
  seedApolloCache(client, data);
  return { client, cache };
}

/**
 * The key under which a rendered page can be cached: its language and path, or one key per
 * language for every 404.
 */
export function cacheKeyFor(pathname: string, locale: Locale = 'en'): string {
  const page = matchesOf(pathname).some((m) => m.route.path === '*') ? '*404*' : pathname.replace(/\/+$/, '') || '/';
  return `${locale}:${page}`;
}

/** An i18next instance for one render, every catalogue of `locale` in memory (nothing suspends). */
function renderI18n(locale: Locale) {
  return createI18n({ locale, resources: CATALOGUES[locale] }, (lng, ns) => Promise.resolve(CATALOGUES[lng][ns]));
}

/** The catalogues a render used (its `useTranslation` namespaces, and the shared one), for the page. */
function usedCatalogues(i18n: ReturnType<typeof renderI18n>, locale: Locale): Partial<Record<Namespace, Catalogue>> {
  const used = new Set<string>(['common', ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])]);
  const resources: Partial<Record<Namespace, Catalogue>> = {};
  for (const ns of used) if (ns in CATALOGUES[locale]) resources[ns as Namespace] = CATALOGUES[locale][ns as Namespace];
  return resources;
}

/**
 * Every class the render styled, as the text Emotion's critical-CSS extraction searches: not only
 * the classes left in the HTML, but also the intermediate ones of components styled on top of
 * others (AppBar over Paper, Button over ButtonBase). The browser would otherwise serialize and
 * insert those again while hydrating, on the main thread.
 */
function everyClassOf(cache: EmotionCache): string {
  return Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
}

/** Reads a Node stream of the prerendered markup into one string. */
async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one public page in `locale` with the operator's site config and the public data it
 * asked for (see `dataNeededFor`); null for client-only routes.
 */
export async function renderPage(
  url: string,
  site: SiteConfig,
  data: PageData = {},
  locale: Locale = 'en',
): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (isClientOnly(pathname)) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return null; // redirects: let the client router handle them
  const router = createStaticRouter(handler.dataRoutes, context);

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const i18n = renderI18n(locale);
  let head: PageHead = { title: site.brandName, description: i18n.t(DEFAULT_DESCRIPTION) };
  const collectHead = (facts: PageHead) => {
    head = facts;
  };
  const errors: unknown[] = [];
  const apollo = renderClient(data);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <PageHeadCollector.Provider value={collectHead}>
        <PreparedApolloClient.Provider value={apollo.client}>
          <AppProviders site={site} i18n={i18n}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </PreparedApolloClient.Provider>
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
  // `data-s` marks the tags as already placed: Emotion's browser cache would otherwise move each
  // one to the end of <head> (for tags inlined in <body>), which re-parses all of the page's CSS.
  const styles = emotion
    .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(everyClassOf(cache)))
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  const status = cacheKeyFor(pathname, locale) === `${locale}:*404*` ? 404 : context.statusCode;
  const state = apollo.cache.extract();
  const i18nState = { locale, resources: usedCatalogues(i18n, locale) };
  return { status, html, styles, head, errors, apolloState: Object.keys(state).length ? state : null, i18nState };
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
