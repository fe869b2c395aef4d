import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Loader } from './Loader';
import { RetryAlert } from './RetryAlert';

/** One column of a PagedTable: its heading and how a row fills it. */
export interface PagedColumn<T> {
  /** Heading text (and the column's key). */
  header: string;
  /** Rendered in the heading cell instead of `header` (e.g. a select-all checkbox). */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (amounts, dates). */
  nowrap?: boolean;
}

/** One page of rows as the API returns it. */
export interface PageResult<T> {
  items: T[];
  total: number;
}

/** Props of PagedTable. */
export interface PagedTableProps<T extends { id: string }> {
  /** Accessible name of the table and of its scrolling region, e.g. 'Users'. */
  label: string;
  columns: PagedColumn<T>[];
  /** Current page (or the previous one while the next loads); undefined before the first answer. */
  result: PageResult<T> | undefined;
  loading: boolean;
  /** True when the last load failed. */
  failed: boolean;
  onRetry: () => Promise<unknown>;
  /** Zero-based page and its size (server-side paging). */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Prepend the S/N column (row number across pages); default true. */
  numbered?: boolean;
  /** Minimum width before the table scrolls sideways. */
  minWidth?: number;
  emptyText?: string;
}

const headSx = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

/**
 * The one server-paged table of the app (admin lists, the investor's transactions, account
 * history): optional S/N, headed columns, loader, retry, a focusable scrolling region on phones.
 */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T>) {
  const { label, columns, result, loading, failed, onRetry, page, pageSize, onPageChange } = props;
  const { numbered = true, minWidth = 900, emptyText = 'No results.' } = props;
  if (failed && !result) return <RetryAlert onRetry={onRetry}>{`Could not load ${label.toLowerCase()}.`}</RetryAlert>;
  if (!result) return <Loader label={`Loading ${label.toLowerCase()}`} />;
  const colSpan = columns.length + (numbered ? 1 : 0);

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <LinearProgress color="secondary" aria-hidden sx={{ visibility: loading ? 'visible' : 'hidden' }} />
      {/* Focusable so keyboard users can scroll it sideways on a phone (axe scrollable-region-focusable). */}
      <TableContainer sx={{ overflowX: 'auto' }} aria-busy={loading} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label} sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {numbered && <TableCell sx={headSx}>S/N</TableCell>}
              {columns.map((column) => (
                <TableCell key={column.header} sx={headSx}>
                  {column.headerContent ?? column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading ? 0.5 : 1 }}>
            {result.items.map((row, index) => (
              <TableRow hover key={row.id}>
                {numbered && <TableCell>{page * pageSize + index + 1}</TableCell>}
                {columns.map((column) => (
                  <TableCell key={column.header} sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {result.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 4 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => onPageChange(next)}
      />
    </Paper>
  );
}

/** What a paged Apollo query gives a PagedTable: the page (or the previous one), loading, retry. */
export function pagedQueryProps<T>(
  query: { loading: boolean; error?: unknown; refetch: () => Promise<unknown> },
  result: PageResult<T> | undefined,
  paging: { page: number; pageSize: number; setPage: (page: number) => void },
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
