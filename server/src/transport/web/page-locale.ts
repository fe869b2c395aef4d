import { isLocale, LOCALES, negotiateLocale, type Locale } from '@cryptovest/common';
import type { Request } from 'express';

/** The cookie the client's language switch writes (client/src/app/i18n/language.ts). */
export const LANGUAGE_COOKIE = 'lang';

/** The `lang` cookie's value when it names a language we speak. */
function cookieLocale(header: string | undefined): Locale | null {
  const match = header ? new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(header) : null;
  return match && isLocale(match[1]) ? match[1] : null;
}

/**
 * The language a page is served in, settled before its first byte: a `?lang=` link (what
 * crawlers follow from the hreflang alternates), then the visitor's own choice (the cookie),
 * then the browser's `Accept-Language`; English when none names a language we speak.
 */
export function pageLocale(req: Request): Locale {
  const asked = req.query.lang;
  if (isLocale(asked)) return asked;
  return cookieLocale(req.headers.cookie) ?? negotiateLocale(req.headers['accept-language']);
}

/**
 * The `hreflang` alternates of a public page: the same path in each language (`?lang=`), plus
 * `x-default` (no parameter: the server then follows the visitor's language).
 */
export function alternateLinks(publicUrl: string, pathname: string): string {
  const base = `${publicUrl.replace(/\/$/, '')}${pathname}`;
  const each = LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${base}?lang=${locale}" />`);
  return [...each, `<link rel="alternate" hreflang="x-default" href="${base}" />`].join('');
}
