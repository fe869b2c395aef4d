import { MAX_PAGE_SIZE, PAGE_SIZE } from '@cryptovest/common';
import { AppError, ErrorCode } from './errors';

/** Highest page number accepted: far beyond any list, small enough that its offset stays exact. */
export const MAX_PAGE = 1_000_000;

/**
 * One paging number from GraphQL (an Int) or a query string (text): absent means `fallback`;
 * repeated parameters (`?page=1&page=2` arrive as an array), fractions, exponents and text are refused.
 */
function pagingNumber(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
}

/** A validated page request: 1-based page, its size, and the matching offset and limit. */
export interface Paging {
  page: number;
  pageSize: number;
  skip: number;
  take: number;
  /**
   * The page right after (or before) a row another page named (its `nextCursor`/`prevCursor`):
   * found by keyset instead of the offset, so a deep page costs what page 1 does. `page` then
   * only numbers it. Lists that page by number only ignore these.
   */
  after?: string;
  before?: string;
}

/** Longest cursor accepted (ours are about 100 characters). */
const MAX_CURSOR_LENGTH = 512;

/** The refusal of a cursor that is not one of ours, or no longer fits the list (db/keyset.ts too). */
export const STALE_CURSOR = 'This page link is out of date: go back to the first page';

/** `paging` with the cursor a client sent (`after` or `before`, never both); checked as text only here. */
export function withCursor(paging: Paging, after: unknown, before: unknown): Paging {
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (given(after) && given(before))
    throw AppError.field('before', 'Send after or before, not both', ErrorCode.BAD_REQUEST);
  const [name, value] = given(after) ? ['after', after] : ['before', before];
  if (!given(value)) return paging;
  if (typeof value !== 'string' || value.length > MAX_CURSOR_LENGTH)
    throw AppError.field(name, STALE_CURSOR, ErrorCode.BAD_REQUEST);
  return { ...paging, [name]: value };
}

/**
 * Normalised paging: validates and converts to offset/limit. Shared by GraphQL and REST.
 * `sizeName` is what the caller called the size (REST clients send `limit` or `pageSize`), so a
 * refusal names the parameter that was sent.
 */
export function toOffset(
  page: unknown,
  pageSize: unknown,
  defaultSize: number = PAGE_SIZE.default,
  sizeName = 'pageSize',
): Paging {
  const p = pagingNumber(page, 1);
  const s = pagingNumber(pageSize, defaultSize);
  if (!Number.isInteger(p) || p < 1 || p > MAX_PAGE)
    throw AppError.field('page', `page must be a whole number from 1 to ${MAX_PAGE}`, ErrorCode.BAD_REQUEST);
  if (!Number.isInteger(s) || s < 1 || s > MAX_PAGE_SIZE) {
    throw AppError.field(sizeName, `${sizeName} must be between 1 and ${MAX_PAGE_SIZE}`, ErrorCode.BAD_REQUEST);
  }
  return { page: p, pageSize: s, skip: (p - 1) * s, take: s };
}

/** Order of a sorted admin list; each list's default (newest first) stays when none is asked for. */
export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
/** A page of results with the total count, for "Showing X-Y of Z". */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** True when `total` stopped counting at the cap (there are at least that many). */
  totalCapped: boolean;
  /** Where the next and previous pages start (lists paged by keyset); null when there is none. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}
