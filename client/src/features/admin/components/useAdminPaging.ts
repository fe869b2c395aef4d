import { PAGE_SIZE } from '@cryptovest/common';
import { useCallback, useMemo, useState } from 'react';
import type { PageChange, PageResult, TableSort } from '../../../components/paged';
import type { SortDirection } from '../../../generated/graphql';

/** The column a server-sorted table is ordered by, and which way. */
export interface AdminSort<S extends string> {
  by: S;
  direction: SortDirection;
}

/** Server-side paging, search, sort and filter state of one admin table. */
export interface AdminPaging<S extends string = never, F extends object = Record<never, never>> {
  /** Zero-based page, as MUI TablePagination counts. */
  page: number;
  /**
   * Goes to a page. Given the page shown (`from`), a step to the next or previous page starts at
   * its cursor (keyset: as fast on page 5,000 as on page 1); any other jump asks by number.
   */
  setPage: PageChange;
  /** Rows per page. */
  pageSize: number;
  /** The search text last submitted ('' = none). */
  search: string;
  /** Submits a search and goes back to the first page. */
  setSearch: (text: string) => void;
  /** The chosen order; null while the server's default (newest first) applies. */
  sort: AdminSort<S> | null;
  /** Orders by `by`: another column starts with `firstDirection` (default DESC), the same one flips. Back to page 1. */
  sortBy: (by: S, firstDirection?: SortDirection) => void;
  /** The filters chosen (undefined: not filtered by it). */
  filters: Partial<F>;
  /** Sets one filter (undefined clears it) and goes back to the first page. */
  setFilter: <K extends keyof F>(key: K, value: F[K] | undefined) => void;
  /** What a PagedTable needs to sort by its headings. */
  sorting: TableSort;
  /** Query variables: one-based `page`, `pageSize` 20 (SPEC §9), and search, sort and filters when set. */
  variables: {
    page: number;
    pageSize: number;
    after?: string;
    before?: string;
    search?: string;
    sortBy?: S;
    sortDirection?: SortDirection;
  } & Partial<F>;
}

/** Where a table is: its zero-based page, and the cursor it was reached by (if any). */
interface Position {
  page: number;
  after?: string;
  before?: string;
}

/**
 * The position after a page change: one step from the page shown goes by its cursor (when the
 * rows shown are that page's, not the previous page's still on screen while it loads).
 */
export function nextPosition(current: Position, next: number, from?: PageResult<unknown>): Position {
  const shown = from?.page === current.page + 1;
  if (shown && next === current.page + 1 && from?.nextCursor) return { page: next, after: from.nextCursor };
  if (shown && next === current.page - 1 && next > 0 && from?.prevCursor)
    return { page: next, before: from.prevCursor };
  return { page: next };
}

/**
 * The one pagination hook of the admin tables (users, accounts, transactions, history). Sort and
 * filters (issue 14) are the server's arguments: `S` the sort keys, `F` the filter arguments.
 */
export function useAdminPaging<S extends string = never, F extends object = Record<never, never>>(
  pageSize: number = PAGE_SIZE.admin,
): AdminPaging<S, F> {
  const [position, setPosition] = useState<Position>({ page: 0 });
  const { page } = position;
  const setPage = useCallback<PageChange>(
    (next, from) => setPosition((current) => nextPosition(current, next, from)),
    [],
  );
  const [search, setSearchText] = useState('');
  const [sort, setSort] = useState<AdminSort<S> | null>(null);
  const [filters, setFilters] = useState<Partial<F>>({});
  const setSearch = useCallback((text: string) => {
    setSearchText(text.trim());
    setPosition({ page: 0 });
  }, []);
  const sortBy = useCallback((by: S, firstDirection: SortDirection = 'DESC') => {
    setSort((current) =>
      current?.by === by
        ? { by, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' }
        : { by, direction: firstDirection },
    );
    setPosition({ page: 0 });
  }, []);
  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K] | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPosition({ page: 0 });
  }, []);
  const variables = useMemo(() => {
    // Unset filters are left out, not sent as null: the request stays as small as before.
    const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<F>;
    return {
      page: position.page + 1,
      pageSize,
      ...(position.after ? { after: position.after } : {}),
      ...(position.before ? { before: position.before } : {}),
      ...(search ? { search } : {}),
      ...(sort ? { sortBy: sort.by, sortDirection: sort.direction } : {}),
      ...chosen,
    };
  }, [position, pageSize, search, sort, filters]);
  // The table hands back the key of a column whose sortKey was typed as S by the page.
  const sorting = useMemo<TableSort>(
    () => ({ sort, onSort: (key, firstDirection) => sortBy(key as S, firstDirection) }),
    [sort, sortBy],
  );
  return { page, setPage, pageSize, search, setSearch, sort, sortBy, sorting, filters, setFilter, variables };
}
