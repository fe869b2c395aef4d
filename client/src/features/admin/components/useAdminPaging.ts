import { PAGE_SIZE } from '@cryptovest/common';
import { useCallback, useMemo, useState } from 'react';

/** Server-side paging and search state of one admin table. */
export interface AdminPaging {
  /** Zero-based page, as MUI TablePagination counts. */
  page: number;
  setPage: (page: number) => void;
  /** Rows per page. */
  pageSize: number;
  /** The search text last submitted ('' = none). */
  search: string;
  /** Submits a search and goes back to the first page. */
  setSearch: (text: string) => void;
  /** Query variables: one-based `page`, `pageSize` 20 (SPEC §9), `search` when given. */
  variables: { page: number; pageSize: number; search?: string };
}

/** The one pagination hook of the admin tables (users, accounts, transactions, history). */
export function useAdminPaging(pageSize: number = PAGE_SIZE.admin): AdminPaging {
  const [page, setPage] = useState(0);
  const [search, setSearchText] = useState('');
  const setSearch = useCallback((text: string) => {
    setSearchText(text.trim());
    setPage(0);
  }, []);
  const variables = useMemo(
    () => ({ page: page + 1, pageSize, ...(search ? { search } : {}) }),
    [page, pageSize, search],
  );
  return { page, setPage, pageSize, search, setSearch, variables };
}
