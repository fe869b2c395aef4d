import { DATE_LOCALE, DEFAULT_LOCALE, fillEnglish, msg, type Locale, type Translate } from '@cryptovest/common';

/** The periods a statement or export offers; `custom` takes two dates. */
export type PeriodPreset = 'thisMonth' | 'lastMonth' | 'thisYear' | 'custom';

/** Each preset's label (English, a catalogue key: translated where shown), in the order the picker lists them. */
export const PERIOD_PRESETS: readonly { value: PeriodPreset; label: string }[] = [
  { value: 'thisMonth', label: msg('This month') },
  { value: 'lastMonth', label: msg('Last month') },
  { value: 'thisYear', label: msg('This year') },
  { value: 'custom', label: msg('Custom dates') },
];

/** A period of whole UTC days (YYYY-MM-DD), both included, as the server takes `from` and `to`. */
export interface DayRange {
  from: string;
  to: string;
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/**
 * The days a preset covers on `today` (UTC, as the server counts days): this or last calendar
 * month, or this calendar year, first to last day. Custom periods are what was typed.
 */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: Date = new Date()): DayRange {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  if (preset === 'thisMonth') return { from: day(y, m, 1), to: day(y, m + 1, 0) };
  if (preset === 'lastMonth') return { from: day(y, m - 1, 1), to: day(y, m, 0) };
  return { from: day(y, 0, 1), to: day(y, 11, 31) };
}

/** Days from `from` to `to`, both counted. */
export function daysIn({ from, to }: DayRange): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** English without i18next (the default of periodProblem, so its English stays as before). */
const english: Translate = (key, params = {}) => fillEnglish(key, params as Record<string, string | number>);

/**
 * What is wrong with a typed period, as the server would say it (so nothing is sent to be
 * refused), or null: both days needed, the last not before the first, at most `maxDays` long.
 * Said with `t` (the page's language); English by default.
 */
export function periodProblem(range: Partial<DayRange>, maxDays?: number, t: Translate = english): string | null {
  if (!range.from || !range.to) return t('Choose the first and the last day');
  if (range.to < range.from) return t('The last day must not be before the first');
  if (maxDays !== undefined && daysIn(range as DayRange) > maxDays)
    return t('Choose at most {{max}} days (this period has {{days}})', {
      max: maxDays,
      days: daysIn(range as DayRange),
    });
  return null;
}

/**
 * "1 Nov 2026 – 30 Nov 2026": a period as people read it (the days are UTC days), in the
 * page's language (German "1. Nov. 2026 – 30. Nov. 2026"); English by default.
 */
export function periodLabel({ from, to }: DayRange, locale: Locale = DEFAULT_LOCALE): string {
  const fmt = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString(DATE_LOCALE[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return `${fmt(from)} \u2013 ${fmt(to)}`;
}
