import { msg } from '@cryptovest/common';

/**
 * The audit log's date filter is in the admin's own calendar days (`?from=2026-11-01&to=2026-11-27`,
 * both days included); the server takes instants, `to` exclusive. These turn one into the other.
 */

/** The instant the local day `day` (YYYY-MM-DD) starts. */
export function dayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** The instant the local day after `day` starts (the end of `day`, exclusive). */
export function dayEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

/** A range whose end comes before its start, said in words (a catalogue key); null when the range is fine. */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  return from && to && to < from ? msg('The end date comes before the start date.') : null;
}
