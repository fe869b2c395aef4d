import { PAGE_SIZE } from '@cryptovest/common';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageChange, TableSort } from '../../../components/paged';
import type { SortDirection } from '../../../generated/graphql';
import { nextPosition, type AdminPaging, type AdminSort } from './useAdminPaging';

/**
 * How one filter lives in the URL: the search param it is kept in (default: the filter's own
 * name) and how to read the param back. `parse` returns undefined for a value it does not accept,
 * so a mistyped or stale bookmark shows the list unfiltered by it instead of failing.
 */
export interface UrlFilter<V> {
  param?: string;
  parse: (raw: string) => V | undefined;
  /** Writes the value into the URL (default: String(value)). */
  format?: (value: V) => string;
}

/** One UrlFilter per filter argument of the table (`F`: the server's filter arguments). */
export type UrlFilterSpec<F> = { [K in keyof F]-?: UrlFilter<NonNullable<F[K]>> };

/** Options of useUrlFilters. */
export interface UrlFiltersOptions<S extends string, F extends object> {
  /** How each filter is kept in the URL. Define it once outside the component (a stable object). */
  filters: UrlFilterSpec<F>;
  /** The server's sort keys the table accepts in `?sort=`; anything else is ignored. */
  sortKeys: readonly S[];
  pageSize?: number;
}

/**
 * Search params the hook itself owns; filter params must use other names. `record` is
 * useRecordParam's (the open side drawer), left as it is by every change made here.
 */
export const RESERVED_PARAMS = ['page', 'q', 'sort', 'dir', 'record'] as const;

/** A parser accepting only one of `values` (enums: status, type): `oneOf(TRANSACTION_STATUSES)`. */
export function oneOf<V extends string>(values: readonly V[]): (raw: string) => V | undefined {
  return (raw) => (values as readonly string[]).find((value) => value === raw) as V | undefined;
}

/** A parser accepting a calendar date written YYYY-MM-DD (date-range filters) that exists. */
export function isoDate(raw: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(raw) ? raw : undefined;
}

/** A parser for a true/false switch kept as `true` / `false` (e.g. premium users). */
export function booleanParam(raw: string): boolean | undefined {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

/** A page's keyset cursor, valid only for the URL (without `page`) it was reached under. */
interface Cursor {
  key: string;
  page: number;
  after?: string;
  before?: string;
}

/** The params that decide which rows a page holds (all but `page` and `record`), as one key. */
function queryKey(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete('page');
  copy.delete('record');
  copy.sort();
  return copy.toString();
}

/**
 * useAdminPaging with its state kept in the URL's search params (issue 38: "saved filters in the
 * URL"), so a filtered, sorted view can be bookmarked, shared and survives a reload:
 * `?status=PENDING&type=DEPOSIT&from=2026-01-01&sort=AMOUNT&dir=ASC&page=3&q=ada`. It returns the
 * same AdminPaging object, so a page switches by replacing `useAdminPaging()` with
 * `useUrlFilters({ filters, sortKeys })`; unknown or invalid params are ignored. Changes replace the
 * history entry (Back leaves the list, it does not undo each filter). The keyset cursor of a
 * Next/Previous step is kept in memory only; a bookmarked page is asked for by its number.
 */
export function useUrlFilters<S extends string = never, F extends object = Record<never, never>>(
  options: UrlFiltersOptions<S, F>,
): AdminPaging<S, F> {
  const { filters: spec, sortKeys, pageSize = PAGE_SIZE.admin } = options;
  const [params, setParams] = useSearchParams();
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const paramsText = params.toString();

  const read = useMemo(() => {
    const current = new URLSearchParams(paramsText);
    const pageNumber = Number(current.get('page'));
    const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0;
    const search = (current.get('q') ?? '').trim();
    const by = current.get('sort');
    const dir = current.get('dir');
    const sort: AdminSort<S> | null =
      by && (sortKeys as readonly string[]).includes(by)
        ? { by: by as S, direction: dir === 'ASC' ? 'ASC' : 'DESC' }
        : null;
    const filters: Partial<F> = {};
    for (const key of Object.keys(spec) as (keyof F)[]) {
      const filter = spec[key];
      const raw = current.get(filter.param ?? String(key));
      const value = raw === null ? undefined : filter.parse(raw);
      if (value !== undefined) filters[key] = value as F[keyof F];
    }
    return { page, search, sort, filters, key: queryKey(current) };
  }, [paramsText, spec, sortKeys]);

  // What this hook last wrote and the params it was written over, until the router shows it:
  // react-router hands a setter the params of the render it came from, and its navigation is a
  // transition that typing can keep interrupting, so a second change (a search sent just after an
  // action was chosen) would otherwise be applied to the params from before the first and drop it.
  const written = useRef<{ over: string[]; params: string } | null>(null);
  useEffect(() => {
    if (written.current && !written.current.over.includes(paramsText)) written.current = null;
  }, [paramsText]);

  /** Applies `change` to a copy of the latest params and writes them back (replacing the entry). */
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const last = written.current;
      const base = last && last.over.includes(paramsText) ? last.params : paramsText;
      const next = new URLSearchParams(base);
      change(next);
      written.current = { over: [...(last?.over ?? []), paramsText, base], params: next.toString() };
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [paramsText, setParams],
  );

  const setPage = useCallback<PageChange>(
    (next, from) => {
      const valid = cursor && cursor.key === read.key && cursor.page === read.page ? cursor : { page: read.page };
      const position = nextPosition(valid, next, from);
      setCursor({ ...position, key: read.key });
      update((p) => (next > 0 ? p.set('page', String(next + 1)) : p.delete('page')));
    },
    [cursor, read.key, read.page, update],
  );
  const setSearch = useCallback(
    (text: string) =>
      update((p) => {
        const trimmed = text.trim();
        if (trimmed) p.set('q', trimmed);
        else p.delete('q');
        p.delete('page');
      }),
    [update],
  );
  const sortBy = useCallback(
    (by: S, firstDirection: SortDirection = 'DESC') =>
      update((p) => {
        const direction = read.sort?.by === by ? (read.sort.direction === 'ASC' ? 'DESC' : 'ASC') : firstDirection;
        p.set('sort', by);
        p.set('dir', direction);
        p.delete('page');
      }),
    [read.sort, update],
  );
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K] | undefined) =>
      update((p) => {
        const filter = spec[key];
        const name = filter.param ?? String(key);
        if (value === undefined || value === null || value === '') p.delete(name);
        else p.set(name, filter.format ? filter.format(value as NonNullable<F[K]>) : String(value));
        p.delete('page');
      }),
    [spec, update],
  );

  const { page, search, sort, filters, key } = read;
  const position = cursor && cursor.key === key && cursor.page === page ? cursor : null;
  const after = position?.after;
  const before = position?.before;
  const variables = useMemo(
    () => ({
      page: page + 1,
      pageSize,
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
      ...(search ? { search } : {}),
      ...(sort ? { sortBy: sort.by, sortDirection: sort.direction } : {}),
      ...filters,
    }),
    [page, pageSize, after, before, search, sort, filters],
  );
  const sorting = useMemo<TableSort>(
    () => ({ sort, onSort: (by, firstDirection) => sortBy(by as S, firstDirection) }),
    [sort, sortBy],
  );
  return { page, setPage, pageSize, search, setSearch, sort, sortBy, sorting, filters, setFilter, variables };
}
