import { createHash } from 'node:crypto';
import type { SiteConfig } from '@cryptovest/common';
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

/** Script that adds the app's module script after the next frame has been painted. */
function paintFirstLoader(src: string): string {
  const load = `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s);`;
  return `requestAnimationFrame(function(){setTimeout(function(){${load}},0)});`;
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
    // run only after the first frame, so it never delays that paint on a slow phone.
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(this.before)?.[1];
    this.appLoader = entry ? paintFirstLoader(entry) : null;
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

  /** The full document: a server-rendered page, or the empty shell the browser renders into. */
  compose(page: RenderedPage | null): string {
    if (!page) return `${this.before}${ROOT}${this.after}`;
    const head = `<title>${escapeHtml(page.head.title)}</title>`;
    const before = this.beforeRendered
      .replace(/<title>[\s\S]*?<\/title>/, head)
      .replace(
        /<meta\s+name="description"[\s\S]*?\/>/,
        `<meta name="description" content="${escapeHtml(page.head.description)}" />`,
      )
      .replace('</head>', `${page.styles}</head>`);
    return `${before}<div id="root">${page.html}</div>${this.afterRendered}`;
  }
}
