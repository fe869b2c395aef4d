import type { Request } from 'express';
import { AppError, ErrorCode } from '../../kernel/errors';
import { type Paging, toOffset, withCursor } from '../../kernel/paging';

/** A parsed query string as express hands it over. */
type Query = Request['query'];

/**
 * The page a REST list asks for: `page`, and the size as `limit` (the legacy admin tables' name)
 * or `pageSize`. One helper for every REST list, so a refusal names the parameter that was sent.
 */
export function queryPaging(query: Query, defaultSize: number): Paging {
  const sizeName = query.limit !== undefined ? 'limit' : 'pageSize';
  return toOffset(query.page, query[sizeName], defaultSize, sizeName);
}

/** The page an admin list asks for: as queryPaging, plus `after` or `before` (a page's cursors). */
export function queryCursorPaging(query: Query, defaultSize: number): Paging {
  return withCursor(queryPaging(query, defaultSize), query.after, query.before);
}

/** One optional text parameter (`?search=`): absent or repeated (an array) reads as none. */
export function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/** An optional enum parameter, any case (`?status=pending`, `?sortBy=walletBalance`); anything else is 400 naming it and the choices. */
export function queryEnum<T extends string>(query: Query, name: string, values: readonly T[]): T | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  // Case and separators are not significant: `walletBalance`, `wallet_balance` and `WALLET_BALANCE` agree.
  const plain = (text: string) => text.replace(/[^a-z0-9]/gi, '').toUpperCase();
  const found = typeof value === 'string' ? values.find((v) => plain(v) === plain(value)) : undefined;
  if (!found) throw AppError.field(name, `${name} must be one of ${values.join(', ')}`, ErrorCode.BAD_REQUEST);
  return found;
}

/** An optional yes/no parameter (`?premium=true`, `false`, `1`, `0`); anything else is 400 naming it. */
export function queryBoolean(query: Query, name: string): boolean | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw AppError.field(name, `${name} must be true or false`, ErrorCode.BAD_REQUEST);
}
