import { PAGE_SIZE } from '@cryptovest/common';
import { useCallback, useMemo, useState } from 'react';
import type { TableSort } from '../../../components/PagedTable';
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
  setPage: (page: number) => void;
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
    search?: string;
    sortBy?: S;
    sortDirection?: SortDirection;
  } & Partial<F>;
}

/**
 * The one pagination hook of the admin tables (users, accounts, transactions, history). Sort and
 * filters (issue 14) are the server's arguments: `S` the sort keys, `F` the filter arguments.
 */
export function useAdminPaging<S extends string = never, F extends object = Record<never, never>>(
  pageSize: number = PAGE_SIZE.admin,
): AdminPaging<S, F> {
  const [page, setPage] = useState(0);
  const [search, setSearchText] = useState('');
  const [sort, setSort] = useState<AdminSort<S> | null>(null);
  const [filters, setFilters] = useState<Partial<F>>({});
  const setSearch = useCallback((text: string) => {
    setSearchText(text.trim());
    setPage(0);
  }, []);
  const sortBy = useCallback((by: S, firstDirection: SortDirection = 'DESC') => {
    setSort((current) =>
      current?.by === by
        ? { by, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' }
        : { by, direction: firstDirection },
    );
    setPage(0);
  }, []);
  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K] | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  }, []);
  const variables = useMemo(() => {
    // Unset filters are left out, not sent as null: the request stays as small as before.
    const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<F>;
    return {
      page: page + 1,
      pageSize,
      ...(search ? { search } : {}),
      ...(sort ? { sortBy: sort.by, sortDirection: sort.direction } : {}),
      ...chosen,
    };
  }, [page, pageSize, search, sort, filters]);
  // The table hands back the key of a column whose sortKey was typed as S by the page.
  const sorting = useMemo<TableSort>(
    () => ({ sort, onSort: (key, firstDirection) => sortBy(key as S, firstDirection) }),
    [sort, sortBy],
  );
  return { page, setPage, pageSize, search, setSearch, sort, sortBy, sorting, filters, setFilter, variables };
}
