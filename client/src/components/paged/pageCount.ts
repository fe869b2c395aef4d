import { fillEnglish, msg, type Translate } from '@cryptovest/common';
import type { PageResult } from './types';

/**
 * How many rows the pagination knows of. A capped count ("1,000+") is open-ended while another
 * page follows (MUI's -1: "more than"), and exact once the last page was reached.
 */
export function knownCount(result: PageResult<unknown>, page: number, pageSize: number): number {
  if (!result.totalCapped) return result.total;
  return result.nextCursor ? -1 : page * pageSize + result.items.length;
}

/** The footer line (catalogue plural keys "…_one" / "…_other"). */
const SHOWING = msg('Showing {{from}}\u2013{{to}} of {{count}} results');
/** The footer line of a count that stopped at its cap (no plural: always many). */
const SHOWING_CAPPED = msg('Showing {{from}}\u2013{{to}} of {{total}}+ results');

/** English without i18next (showingText's default, so its English stays as before). */
const english: Translate = (key, params = {}) =>
  fillEnglish(
    key === SHOWING && params.count === 1 ? 'Showing {{from}}\u2013{{to}} of {{count}} result' : key,
    params as Record<string, number>,
  );

/**
 * The spec's footer line (SPEC §9): "Showing 1–8 of 20 results"; a count that stopped at its cap
 * reads "of 1000+ results" (docs/spec-deviations.md). Said with `t` (the page's language);
 * English by default.
 */
export function showingText(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  capped = false,
  t: Translate = english,
): string {
  const from = page * pageSize + 1;
  const to = from + shown - 1;
  return capped ? t(SHOWING_CAPPED, { from, to, total }) : t(SHOWING, { from, to, count: total });
}
