import { AppError, ErrorCode } from '../../kernel/errors';

/** Longest statement period, in days (both ends counted): a year, a leap year's included. */
export const MAX_STATEMENT_DAYS = 366;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A period of whole UTC days: `from` and `to` both included, as the statement's header states it.
 * `start` is `from` at 00:00 UTC, `end` the midnight after `to` (exclusive), what SQL compares.
 */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Days in the period, both ends counted. */
  days: number;
}

/** One `YYYY-MM-DD` parameter as UTC midnight; a missing, malformed or impossible date names its field. */
function day(value: unknown, field: string): Date {
  if (value === undefined || value === '') throw AppError.field(field, `${field} is required (YYYY-MM-DD)`);
  const match = typeof value === 'string' ? ISO_DAY.exec(value) : null;
  if (!match) throw AppError.field(field, `${field} must be a date written YYYY-MM-DD`);
  const [y, m, d] = match.slice(1).map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2026-02-30 over into March: a date that does not round-trip does not exist.
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d)
    throw AppError.field(field, `${field} is not a real date: ${value}`);
  return at;
}

/**
 * The period a statement or export asks for (`?from=&to=`), checked once for both: each a real
 * date, `from` not after `to`, and at most `maxDays` long when given. Refusals are 422 naming the
 * field, like every other input the API refuses.
 */
export function parsePeriod(from: unknown, to: unknown, maxDays?: number): Period {
  const start = day(from, 'from');
  const last = day(to, 'to');
  if (start > last) throw AppError.field('to', 'to must be on or after from', ErrorCode.VALIDATION);
  const days = (last.getTime() - start.getTime()) / DAY_MS + 1;
  if (maxDays !== undefined && days > maxDays)
    throw AppError.field('to', `A statement covers at most ${maxDays} days; this period has ${days}`);
  return { from: from as string, to: to as string, start, end: new Date(last.getTime() + DAY_MS), days };
}
