import type { PageResult } from './types';

/**
 * How many rows the pagination knows of. A capped count ("1,000+") is open-ended while another
 * page follows (MUI's -1: "more than"), and exact once the last page was reached.
 */
export function knownCount(result: PageResult<unknown>, page: number, pageSize: number): number {
  if (!result.totalCapped) return result.total;
  return result.nextCursor ? -1 : page * pageSize + result.items.length;
}

/**
 * The spec's footer line (SPEC §9): "Showing 1–8 of 20 results"; a count that stopped at its cap
 * reads "of 1000+ results" (docs/spec-deviations.md).
 */
export function showingText(page: number, pageSize: number, shown: number, total: number, capped = false): string {
  const from = page * pageSize + 1;
  const of = capped ? `${total}+ results` : `${total} ${total === 1 ? 'result' : 'results'}`;
  return `Showing ${from}\u2013${from + shown - 1} of ${of}`;
}
