import { DATE_LOCALE, FORMAT_LOCALE, type Locale } from '@cryptovest/common';

/** A UTC day (YYYY-MM-DD) as a short label in `locale`: "27 Nov" / "27. Nov.". */
export function shortDay(day: string, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A UTC day (YYYY-MM-DD) in full for tables and tooltips, in `locale`: "Fri, 27 Nov 2026" / "Fr., 27. Nov. 2026". */
export function longDay(day: string, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A UTC day (YYYY-MM-DD) for captions: as it is in English ("2026-11-21"), else as `locale` writes a date ("21.11.2026"). */
export function captionDay(day: string, locale: Locale = 'en'): string {
  if (locale === 'en') return day;
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Axis labels in short dollars ("$1.2K" / "1,2 Tsd. $"); the exact amounts are in the tooltip and the table. */
export function axisDollars(locale: Locale): Intl.NumberFormat {
  return new Intl.NumberFormat(FORMAT_LOCALE[locale], {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
}
