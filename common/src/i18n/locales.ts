/**
 * The languages the platform speaks (issue 39): English as the specification words it, Spanish
 * and German. One list for the client, the server-rendered pages, the mails and the API.
 */
export const LOCALES = ['en', 'es', 'de'] as const;

/** A language the platform speaks. */
export type Locale = (typeof LOCALES)[number];

/** The language when nothing else is known (the specification's wording). */
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The region whose conventions format numbers, money and dates in each language: English keeps
 * the specification's "$1,457.40", German writes "1.457,40 $", Spanish "1457,40 US$".
 */
export const FORMAT_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-ES', de: 'de-DE' };

/**
 * The region whose conventions write dates on the web pages in each language: English keeps the
 * specification's "27 Nov 2026, 20:25" (day first, 24-hour clock) everywhere, German writes
 * "27.11.2026, 20:25", Spanish "27 nov 2026, 20:25". One table, so no page writes an English
 * date the American way beside another that writes it the British way.
 */
export const DATE_LOCALE: Readonly<Record<Locale, string>> = { ...FORMAT_LOCALE, en: 'en-GB' };

/** True for a language the platform speaks. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A language tag's primary subtag, lower-cased ("de-AT" -> "de"). */
const primary = (tag: string) => tag.trim().split('-')[0].toLowerCase();

/**
 * The language to answer in for an `Accept-Language` header: the spoken language with the highest
 * quality (a region matches its language, "de-AT" -> German; "*" the default; q=0 refuses), ties
 * in the header's order; the default when the header names none we speak or cannot be read.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of acceptLanguage.split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const lang = primary(tag);
    const locale = lang === '*' ? DEFAULT_LOCALE : isLocale(lang) ? lang : null;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
