import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@cryptovest/common';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { infrastructureError, logInfrastructureFailure } from '../../db/infrastructure-errors';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import { loadPageData, type PageDataDeps, pageDataVersion } from './page-data';
import { PageDocument } from './page-document';
import { alternateLinks, pageLocale } from './page-locale';
import { PageShell } from './page-shell';
import type { PageRenderer, RenderedPage } from './renderer';

/** The services this adapter calls; the composition root passes them. */
export interface WebRoutesDeps extends PageDataDeps {
  config: Readonly<Config>;
  logger: Logger;
}

/** Paths crawlers may index (the public pages); the sitemap lists them. */
const PUBLIC_PAGES = ['/', '/about', '/services', '/contact', '/terms', '/register', '/login'];

/** robots.txt: public pages are indexable; the private areas and APIs are not. */
function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /graphql',
    'Disallow: /verify-email',
    'Disallow: /reset-password',
    'Disallow: /change-password',
    `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap: each public page with its language alternates (`?lang=`), as crawlers index them. */
function sitemapXml(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const alternates = (p: string) =>
    LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${base}${p}?lang=${l}"/>`).join('');
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${base}${p}</loc>${alternates(p)}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** A source map, however the path is spelled (`.MAP`, `%2emap`): static serving decodes it. */
function isSourceMapPath(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // Malformed escapes: express.static refuses them anyway; check the raw path.
  }
  return /\.map$/i.test(decoded);
}

/**
 * Production answers 404 for source maps without touching the disk: they hand out the original
 * source. The build keeps them beside the assets for error tracking; development serves them.
 */
function refuseSourceMaps(req: Request, res: Response, next: NextFunction): void {
  if (isSourceMapPath(req.path)) return void res.sendStatus(404);
  next();
}

/** How many paths' documents are kept (public pages are a handful; client-rendered ones share the shell). */
export const PAGES_KEPT = 1000;

/** A rendered page's document kept in memory, with the version of the data it was rendered from. */
interface KeptPage {
  document: Promise<PageDocument>;
  dataVersion: string;
}

/**
 * Serves the web client: hashed assets (cached for a year), robots.txt and sitemap.xml, and
 * every page, in the visitor's language (`pageLocale`). Public pages are server-rendered once per
 * language and path (404s share one render per language) and kept
 * in memory: their content depends only on the site config, fixed for the process lifetime, and
 * on public data read through the services (the plans). A page with data is rendered again once
 * that data changed (its NOTIFY was heard), and not kept while changes could go unheard. A
 * render that fails, or whose data cannot be read, serves the client-rendered shell and is not kept.
 */
export function webRoutes(
  app: Express,
  services: WebRoutesDeps,
  shell: PageShell,
  renderer: PageRenderer | null,
): void {
  const { config, logger } = services;
  const cache = new Map<string, KeptPage>();

  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(config.publicUrl));
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(config.publicUrl));
  });
  if (config.isProduction) app.use(refuseSourceMaps);
  app.use(
    '/assets',
    express.static(path.join(config.clientDist, 'assets'), { maxAge: '1y', immutable: true, fallthrough: false }),
  );
  app.use(express.static(config.clientDist, { index: false, maxAge: '1h' }));

  /** Reads the page's public data, then renders it; rejects when either fails. */
  const renderFresh = async (
    req: Request,
    pages: PageRenderer,
    keys: string[],
    locale: Locale,
  ): Promise<RenderedPage | null> => {
    const data = await loadPageData(services, keys);
    const rendered = await pages.renderPage(req.originalUrl, config.site, data, locale);
    for (const err of rendered?.errors ?? [])
      logger.warn({ err, path: req.path }, 'part of a page could not be server-rendered');
    return rendered;
  };

  /** A failed render serves the shell; a database outage is one warn line, like the API's. */
  const servingShell = (req: Request, err: unknown): null => {
    if (infrastructureError(err)) logInfrastructureFailure(logger, err, `render ${req.path}`, 'the shell');
    else logger.error({ err, path: req.path }, 'server rendering failed; serving the client-rendered shell');
    return null;
  };

  /** The client-rendered shell in each language, for routes the server does not render and failed renders. */
  const shellDocuments = Object.fromEntries(
    LOCALES.map((locale) => [locale, new PageDocument(200, shell.compose(null, locale))]),
  ) as Record<Locale, PageDocument>;
  const documentOf = (req: Request, locale: Locale, page: RenderedPage | null) =>
    page
      ? new PageDocument(page.status, shell.compose(page, locale, alternateLinks(config.publicUrl, req.path)))
      : shellDocuments[locale];

  const render = (req: Request, locale: Locale): Promise<PageDocument> => {
    if (!renderer) return Promise.resolve(shellDocuments[locale]);
    const keys = renderer.dataNeededFor(req.path);
    const dataVersion = pageDataVersion(services, keys);
    const key = renderer.cacheKeyFor(req.path, locale);
    const kept = cache.get(key);
    if (kept && kept.dataVersion === dataVersion) return kept.document;
    const document: Promise<PageDocument> = renderFresh(req, renderer, keys, locale).then(
      (page) => documentOf(req, locale, page),
      (err: unknown) => {
        if (cache.get(key)?.document === document) cache.delete(key); // not kept: the next visit tries again
        return documentOf(req, locale, servingShell(req, err));
      },
    );
    if (dataVersion === null) cache.delete(key);
    else {
      // Paths with ids (a transaction's page) are kept one each: at most PAGES_KEPT, oldest out.
      if (!cache.has(key) && cache.size >= PAGES_KEPT) cache.delete(cache.keys().next().value as string);
      cache.set(key, { document, dataVersion });
    }
    return document;
  };

  app.get(/^\/(?!api\/|api$|graphql).*/, async (req: Request, res: Response, next) => {
    if (!req.accepts('html')) return next();
    try {
      const locale = pageLocale(req);
      const document = await render(req, locale);
      const { body, encoding } = document.encodedFor(req.headers['accept-encoding']);
      res
        .status(document.status)
        .type('html')
        .set({ 'Cache-Control': 'no-cache', 'Content-Language': locale })
        .vary('Accept-Encoding')
        .vary('Accept-Language')
        .vary('Cookie');
      // Already encoded: the compression middleware leaves it alone.
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.send(body);
    } catch (err) {
      next(err);
    }
  });
}

/** Reads the built index.html; null when the client was not built. */
export function readIndexHtml(clientDist: string): string | null {
  try {
    return readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}
