import { createHash } from 'node:crypto';
import type { Locale, SiteConfig } from '@cryptovest/common';
import type { RenderedPage } from './renderer';

const ROOT = '<div id="root"></div>';

/** Escapes text for an HTML attribute or element body. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that is safe inside <script>: no "</script>", no HTML comment or line-separator tricks. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** CSP source for an inline script body, e.g. `'sha256-...'`. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The longest the loader waits for the first-paint report (a tab opened in the background may get none). */
const PAINT_WAIT_MS = 3000;

/** Modulepreload links the loader adds per task: each costs the main thread ~2 ms (8 ms on a slow phone). */
const LINKS_PER_TASK = 3;

/**
 * Script that, once the browser reports the first contentful paint, adds the app's module script
 * and then, a few per task, the modulepreload links of what it loads, so those download together
 * instead of one stage after the other, and neither compete with that paint nor block the main
 * thread for long. Without paint timing it waits for a frame.
 */
function paintFirstLoader(src: string, preloads: string[]): string {
  const script = `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s);`;
  const links = `var h=${JSON.stringify(preloads)};function links(i){for(var n=0;i<h.length&&n<${LINKS_PER_TASK};i++,n++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h[i];document.head.appendChild(l)}if(i<h.length)setTimeout(function(){links(i)},0)}`;
  const load = `var done=false;function load(){if(done)return;done=true;${script}links(0)}`;
  const onPaint = `new PerformanceObserver(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();load()}}).observe({type:'paint',buffered:true});setTimeout(load,${PAINT_WAIT_MS})`;
  const onFrame = `requestAnimationFrame(function(){setTimeout(load,0)})`;
  return `${links}${load}var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;if(t&&t.indexOf('paint')>=0){${onPaint}}else{${onFrame}}`;
}

/**
 * The built index.html, prepared once: the operator's site config as inert JSON, the
 * colour-scheme script, and slots for the page's title, description, critical CSS and markup.
 */
export class PageShell {
  private readonly before: string;
  /** `before` without the app's script tags, for pages that paint without them. */
  private readonly beforeRendered: string;
  private readonly after: string;
  /** `after` ending with `appLoader`, for server-rendered pages. */
  private readonly afterRendered: string;
  /** Inline script that starts the app once the server-rendered page has painted. */
  private readonly appLoader: string | null;

  constructor(
    indexHtml: string,
    site: SiteConfig,
    private readonly colorSchemeScript: string | null,
  ) {
    const at = indexHtml.indexOf(ROOT);
    if (at < 0) throw new Error(`index.html has no ${ROOT}`);
    const siteJson = `<script id="site-config" type="application/json">${inlineJson(site)}</script>`;
    const scheme = colorSchemeScript ? `<script>${colorSchemeScript}</script>` : '';
    this.before = indexHtml.slice(0, at).replace('</head>', `${siteJson}</head>`).replace('<body>', `<body>${scheme}`);
    this.after = indexHtml.slice(at + ROOT.length);
    // Server-rendered pages paint from HTML and CSS alone. Their JS (hydration) is fetched and
    // run only once the first contentful paint is done, so it never delays it on a slow phone.
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(this.before)?.[1];
    const preloads = [...this.before.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    this.appLoader = entry ? paintFirstLoader(entry, preloads) : null;
    this.beforeRendered = entry
      ? this.before
          .replace(/\s*<script type="module"[^>]*><\/script>/, '')
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      : this.before;
    this.afterRendered = this.appLoader
      ? this.after.replace('</body>', `<script>${this.appLoader}</script></body>`)
      : this.after;
  }

  /** CSP hashes of the inline scripts this shell carries. */
  get scriptHashes(): string[] {
    return [this.colorSchemeScript, this.appLoader].filter((s): s is string => s !== null).map(scriptHash);
  }

  /**
   * The full document in `locale` (`<html lang>`): a server-rendered page with its catalogues
   * and `alternates` (its hreflang links), or the empty shell the browser renders into.
   */
  compose(page: RenderedPage | null, locale: Locale = 'en', alternates = ''): string {
    const lang = (html: string) => html.replace(/<html(?: lang="[^"]*")?/, `<html lang="${locale}"`);
    if (!page) return `${lang(this.before)}${ROOT}${this.after}`;
    const head = `<title>${escapeHtml(page.head.title)}</title>`;
    const before = lang(this.beforeRendered)
      .replace(/<title>[\s\S]*?<\/title>/, head)
      .replace(
        /<meta\s+name="description"[\s\S]*?\/>/,
        `<meta name="description" content="${escapeHtml(page.head.description)}" />`,
      )
      .replace('</head>', `${alternates}${page.styles}</head>`);
    // The data the page was rendered with, as inert JSON the browser's Apollo client starts from.
    const state = page.apolloState
      ? `<script id="apollo-state" type="application/json">${inlineJson(page.apolloState)}</script>`
      : '';
    // The language and the words the page was rendered with: the browser renders in them at once.
    const words = `<script id="i18n-state" type="application/json">${inlineJson(page.i18nState)}</script>`;
    return `${before}<div id="root">${page.html}</div>${state}${words}${this.afterRendered}`;
  }
}
