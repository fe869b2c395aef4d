import { DATE_LOCALE, msg, type Locale } from '@cryptovest/common';
import type { BalanceHistoryQuery, HistoryRange } from '../../../generated/graphql';
import { ENGLISH, type Wording } from '../components/wording';

/** One day of the overview chart as the server sends it (amounts are exact decimal strings). */
export type BalanceDay = BalanceHistoryQuery['balanceHistory']['days'][number];

/** The chart's three lines: which field, its name (a catalogue key). */
export const SERIES = [
  { key: 'balance', label: msg('Balance') },
  { key: 'investment', label: msg('Investment') },
  { key: 'profit', label: msg('Profit') },
] as const;

/**
 * The range choices, in the order the picker shows them: the button's label and the range in
 * words for the chart's sentences (catalogue keys).
 */
export const RANGES: readonly { value: HistoryRange; label: string; words: string }[] = [
  { value: 'WEEK', label: msg('7 days'), words: msg('the last 7 days') },
  { value: 'MONTH', label: msg('30 days'), words: msg('the last 30 days') },
  { value: 'QUARTER', label: msg('90 days'), words: msg('the last 90 days') },
  { value: 'YEAR', label: msg('1 year'), words: msg('the last year') },
];

/** One day formatter per language (building an Intl.DateTimeFormat is the costly part). */
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

function dayFormatOf(locale: Locale): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format;
}

/** "2026-03-01" as "1 Mar 2026" ("1. März 2026"; days are UTC days, as the server counts them). */
export function formatDay(day: string, locale: Locale = 'en'): string {
  return dayFormatOf(locale).format(new Date(`${day}T00:00:00Z`));
}

/** A UTC day as a local Date of the same calendar day, so the axis's ticks name the right day. */
export function dayAsLocalDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/**
 * The days a reader needs to follow the chart without seeing it: the first, every day something
 * changed, and the last (the visually hidden table; a year is a few rows, not 365).
 */
export function changedDays(days: readonly BalanceDay[]): BalanceDay[] {
  return days.filter((day, i) => {
    if (i === 0 || i === days.length - 1) return true;
    const before = days[i - 1];
    return SERIES.some(({ key }) => day[key] !== before[key]);
  });
}

/**
 * The chart's sentence: each line from the range's first day to its last, in exact dollars.
 * `words` is the range's catalogue key ("the last 30 days"); English unless a wording is given.
 */
export function chartSummary(
  days: readonly BalanceDay[],
  words: string,
  { t, dollars }: Pick<Wording, 't' | 'dollars'> = ENGLISH,
): string {
  const range = t(words);
  if (days.length === 0) return t('No history for {{range}}.', { range });
  const first = days[0];
  const last = days[days.length - 1];
  const changes = SERIES.map(({ key, label }) =>
    first[key] === last[key]
      ? t('{{series}} {{amount}}, unchanged', { series: t(label), amount: dollars(last[key]) })
      : t('{{series}} from {{from}} to {{to}}', {
          series: t(label),
          from: dollars(first[key]),
          to: dollars(last[key]),
        }),
  );
  return t('Over {{range}}: {{changes}}.', { range, changes: changes.join('; ') });
}
