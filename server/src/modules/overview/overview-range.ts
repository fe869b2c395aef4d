import { AppError } from '../../kernel/errors';

/** The longest range of the daily series an admin may ask for (a year, leap day included). */
export const MAX_OVERVIEW_DAYS = 366;

/** The series' range when none is given: the last 30 days, today included. */
export const DEFAULT_OVERVIEW_DAYS = 30;

/** How far ahead the obligations chart looks: today and the 29 days after it. */
export const OBLIGATION_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What an admin asks for: `days` ending today, or `from` and `to` (UTC days, both included). */
export interface OverviewRangeInput {
  from?: string | null;
  to?: string | null;
  days?: number | null;
}

/** A checked range of whole UTC days: `from` and `to` as YYYY-MM-DD, `start` inclusive, `end` exclusive. */
export interface OverviewRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
  days: number;
}

/** The UTC day of an instant as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Midnight UTC starting the day of `at`. */
export const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Monday 00:00 UTC of the week holding `at` (ISO weeks start on Monday). */
export function startOfUtcWeek(at: Date): Date {
  const day = startOfUtcDay(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** A YYYY-MM-DD day that exists in the calendar, or a field error naming `field`. */
function parseDay(text: string, field: string): Date {
  const at = new Date(`${text}T00:00:00Z`);
  if (!ISO_DAY.test(text) || Number.isNaN(at.getTime()) || utcDay(at) !== text)
    throw AppError.field(field, `${field} must be a day written YYYY-MM-DD, e.g. 2026-11-01`);
  return at;
}

/**
 * Checks what an admin asked for against today (by the server's clock): either `days` (1 to 366,
 * ending today) or `from` with `to` (from on or before to, at most 366 days); nothing means the
 * last 30 days. Every mistake is a field error (BAD_USER_INPUT), never a 500.
 */
export function overviewRange(input: OverviewRangeInput, now: Date): OverviewRange {
  const { from, to, days } = input;
  const given = (v: unknown) => v !== undefined && v !== null;
  if (given(days) && (given(from) || given(to)))
    throw AppError.field('days', 'Give either days or from and to, not both');
  if (given(from) !== given(to)) throw AppError.field(given(from) ? 'to' : 'from', 'Give both from and to');
  const today = startOfUtcDay(now);
  let start: Date;
  let last: Date;
  if (given(from)) {
    start = parseDay(String(from), 'from');
    last = parseDay(String(to), 'to');
    if (start > last) throw AppError.field('from', 'from must be on or before to');
  } else {
    const count = given(days) ? Number(days) : DEFAULT_OVERVIEW_DAYS;
    if (!Number.isInteger(count) || count < 1 || count > MAX_OVERVIEW_DAYS)
      throw AppError.field('days', `days must be a whole number from 1 to ${MAX_OVERVIEW_DAYS}`);
    last = today;
    start = new Date(today.getTime() - (count - 1) * DAY_MS);
  }
  const span = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (span > MAX_OVERVIEW_DAYS)
    throw AppError.field('to', `The range is ${span} days; at most ${MAX_OVERVIEW_DAYS} days at a time`);
  return { from: utcDay(start), to: utcDay(last), start, end: new Date(last.getTime() + DAY_MS), days: span };
}
