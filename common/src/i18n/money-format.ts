import { EMPTY_VALUE, formatMoney } from '../money';
import { FORMAT_LOCALE, type Locale } from './locales';

/** A plain decimal: optional minus, digits, optional fraction (what the API's Money scalar sends). */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/** One formatter per language and decimals (building an Intl.NumberFormat is the costly part). */
const formatters = new Map<string, Intl.NumberFormat>();

function dollarsFormatter(locale: Locale, minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const key = `${locale}:${minDecimals}:${maxDecimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(FORMAT_LOCALE[locale], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Dollars as the reader's language writes them (issue 39): "$1,457.40" in English (exactly
 * formatMoney's text), "1.457,40 $" in German, "1457,40 US$" in Spanish. The decimal string goes
 * to Intl as text, which formats it exactly (no float), rounding half away from zero like
 * formatMoney; at most `maxDecimals` decimals, trailing zeros dropped down to `minDecimals`.
 * Empty or unreadable values give the em dash.
 */
export function formatMoneyIn(
  locale: Locale,
  value: string | number | null | undefined,
  { maxDecimals = 5, minDecimals = 2 }: { maxDecimals?: number; minDecimals?: number } = {},
): string {
  if (locale === 'en') return formatMoney(value, { maxDecimals, minDecimals });
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'number' && !Number.isFinite(value)) return EMPTY_VALUE;
  const text =
    typeof value === 'number' ? formatMoney(value, { prefix: '', maxDecimals: 20, minDecimals: 0 }) : value.trim();
  if (!DECIMAL_TEXT.test(text)) return EMPTY_VALUE;
  const min = Math.min(minDecimals, maxDecimals);
  // Intl.NumberFormat reads a string argument as an exact decimal (ECMA-402 NumberFormat v3).
  const formatted = dollarsFormatter(locale, min, maxDecimals).format(text as unknown as number);
  // "-0,00 $" for an amount that rounds to zero: no sign, as formatMoney.
  return /[1-9]/.test(formatted) ? formatted : formatted.replace('-', '');
}

/** The decimal and grouping characters a language types numbers with ("," and "." in German). */
export function numberSeparators(locale: Locale): { decimal: string; group: string } {
  // Five whole digits: grouped in every language (Spanish groups only from five).
  const parts = new Intl.NumberFormat(FORMAT_LOCALE[locale]).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * An amount typed in the reader's language, as the plain decimal the API takes ("1.457,40" in
 * German -> "1457.40"), or null when it is not one. A currency sign and spaces are ignored;
 * grouping characters count only between groups of three digits, so "1457.40" typed in German
 * (where "." groups) is refused rather than read as 145740: with money, never guess.
 */
export function parseAmountIn(locale: Locale, typed: string): string | null {
  const { decimal, group } = numberSeparators(locale);
  let text = typed.replace(/[\s\u00a0\u202f]/g, '').replace(/US\$|USD|\$/gi, '');
  const sign = text.startsWith('-') ? '-' : '';
  if (sign) text = text.slice(1);
  const [whole, fraction, ...more] = text.split(decimal);
  if (more.length > 0 || whole === undefined) return null;
  const groups = whole.split(group);
  if (groups.length > 1 && !(/^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g))))
    return null;
  const digits = groups.join('');
  if (!/^\d+$/.test(digits) || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}
