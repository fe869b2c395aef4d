import { FORMAT_LOCALE, formatMoneyIn, type Locale } from '@cryptovest/common';

/** One formatter per language and kind (building an Intl.DateTimeFormat is the costly part). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
      dateStyle: 'full',
      ...(withTime ? { timeStyle: 'long' } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * An instant as mails and notifications state it, in UTC and saying so: English keeps the
 * wording it always had ("Thu, 01 Jan 2026 12:00:05 GMT"), German writes "Donnerstag, 1. Januar
 * 2026 um 12:00:05 UTC", Spanish "jueves, 1 de enero de 2026, 12:00:05 UTC".
 */
export function mailTime(locale: Locale, at: Date): string {
  return locale === 'en' ? at.toUTCString() : dateFormat(locale, true).format(at);
}

/** A UTC day as notifications state it: "Thu, 01 Jan 2026" in English, "Donnerstag, 1. Januar 2026" in German. */
export function mailDay(locale: Locale, at: Date): string {
  return locale === 'en' ? at.toUTCString().slice(0, 16) : dateFormat(locale, false).format(at);
}

/**
 * A stored dollar amount (a decimal string) as a mail states it: English keeps "$" before the
 * stored text as it always did ("$1500.00"), other languages write money their way ("1.500,00 $").
 */
export function mailDollars(locale: Locale, amount: string): string {
  return locale === 'en' ? `$${amount}` : formatMoneyIn(locale, amount);
}
