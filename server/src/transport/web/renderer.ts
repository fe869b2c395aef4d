import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Catalogue, Locale, SiteConfig } from '@cryptovest/common';
import type { Logger } from '../../kernel/logger';
import type { PageData } from './page-data';

/** What the client's server entry (client/src/entry-server.tsx) renders for one URL. */
export interface RenderedPage {
  status: number;
  html: string;
  styles: string;
  head: { title: string; description: string };
  /** Errors React recovered from while rendering (that part then renders in the browser). */
  errors: unknown[];
  /** The Apollo cache the page was rendered with (public data only), for the browser; or null. */
  apolloState: Record<string, unknown> | null;
  /** The page's language and the catalogues its render used (inlined for the browser). */
  i18nState: { locale: Locale; resources: Record<string, Catalogue> };
}

/** The client's server entry, as built into client/dist-ssr. */
export interface PageRenderer {
  renderPage(url: string, site: SiteConfig, data?: PageData, locale?: Locale): Promise<RenderedPage | null>;
  /** The public data the page at `pathname` lists (its route handles' `data`), e.g. ['plans']. */
  dataNeededFor(pathname: string): string[];
  cacheKeyFor(pathname: string, locale?: Locale): string;
  colorSchemeScript(): string;
}

/**
 * Loads the server renderer built with the client (an ES module, hence the dynamic import).
 * Returns null when it was not built; pages are then served as the plain client-rendered shell.
 */
export async function loadPageRenderer(entry: string, logger: Logger): Promise<PageRenderer | null> {
  if (!existsSync(entry)) {
    logger.warn({ entry }, 'server renderer not built: public pages render in the browser only');
    return null;
  }
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
