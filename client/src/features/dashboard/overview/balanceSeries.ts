import { formatDollars } from '@cryptovest/common';
import type { BalanceHistoryQuery, HistoryRange } from '../../../generated/graphql';

/** One day of the overview chart as the server sends it (amounts are exact decimal strings). */
export type BalanceDay = BalanceHistoryQuery['balanceHistory']['days'][number];

/** The chart's three lines: which field, its name. */
export const SERIES = [
  { key: 'balance', label: 'Balance' },
  { key: 'investment', label: 'Investment' },
  { key: 'profit', label: 'Profit' },
] as const;

/** The range choices, in the order the picker shows them. */
export const RANGES: readonly { value: HistoryRange; label: string; words: string }[] = [
  { value: 'WEEK', label: '7 days', words: 'the last 7 days' },
  { value: 'MONTH', label: '30 days', words: 'the last 30 days' },
  { value: 'QUARTER', label: '90 days', words: 'the last 90 days' },
  { value: 'YEAR', label: '1 year', words: 'the last year' },
];

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03-01" as "1 Mar 2026" (days are UTC days, as the server counts them). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
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

/** The chart's sentence: each line from the range's first day to its last, in exact dollars. */
export function chartSummary(days: readonly BalanceDay[], words: string): string {
  if (days.length === 0) return `No history for ${words}.`;
  const first = days[0];
  const last = days[days.length - 1];
  const parts = SERIES.map(({ key, label }) =>
    first[key] === last[key]
      ? `${label} ${formatDollars(last[key])}, unchanged`
      : `${label} from ${formatDollars(first[key])} to ${formatDollars(last[key])}`,
  );
  return `Over ${words}: ${parts.join('; ')}.`;
}
