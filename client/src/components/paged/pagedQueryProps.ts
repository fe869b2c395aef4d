import type { PageChange, PageResult } from './types';

/** What a paged Apollo query gives a PagedTable: the page (or the previous one), loading, retry. */
export function pagedQueryProps<T>(
  query: { loading: boolean; error?: unknown; refetch: () => Promise<unknown> },
  result: PageResult<T> | undefined,
  paging: { page: number; pageSize: number; setPage: PageChange },
) {
  return {
    result,
    loading: query.loading,
    failed: Boolean(query.error),
    onRetry: () => query.refetch(),
    page: paging.page,
    pageSize: paging.pageSize,
    onPageChange: paging.setPage,
  };
}
