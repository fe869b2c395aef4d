import { DATE_LOCALE, FORMAT_LOCALE, formatMoneyIn, isLocale, DEFAULT_LOCALE, type Locale } from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats money, numbers and dates the way the reader's language writes them. */
export interface Formats {
  locale: Locale;
  /** Dollars to the cent ("$1,457.40" / "1.457,40 $"); up to `maxDecimals` where an amount has more. */
  money: (
    value: string | number | null | undefined,
    options?: { maxDecimals?: number; minDecimals?: number },
  ) => string;
  /** A plain number with the language's separators ("1,234.5" / "1.234,5"). */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** A date (no time) in the reader's time zone: "27 Nov 2026" / "27.11.2026" (DATE_LOCALE). */
  date: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => string;
  /** A date and time in the reader's time zone: "27 Nov 2026, 20:25" / "27.11.2026, 20:25". */
  dateTime: (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => string;
}

/** The formats of one language (pure: tests and non-React code call it with a language). */
export function formatsFor(locale: Locale, timeZone?: string): Formats {
  const tag = FORMAT_LOCALE[locale];
  const dateTag = DATE_LOCALE[locale];
  const at = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));
  return {
    locale,
    money: (value, options) => formatMoneyIn(locale, value, options),
    number: (value, options) => new Intl.NumberFormat(tag, options).format(value),
    date: (value, options = { dateStyle: 'medium' }) =>
      new Intl.DateTimeFormat(dateTag, { timeZone, ...options }).format(at(value)),
    dateTime: (value, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
      new Intl.DateTimeFormat(dateTag, { timeZone, ...options }).format(at(value)),
  };
}

/**
 * The reader's formats, following the page's language (they change with it). Dates show in the
 * browser's time zone, which is the reader's own.
 */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useMemo(() => formatsFor(locale), [locale]);
}
