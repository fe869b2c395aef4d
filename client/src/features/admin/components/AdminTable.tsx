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
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';

/** One column of an AdminTable: its heading and how a row fills it. */
export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (amounts, dates). */
  nowrap?: boolean;
}

/** One page of rows as the API returns it. */
export interface AdminPageResult<T> {
  items: T[];
  total: number;
}

/** Props of AdminTable. */
export interface AdminTableProps<T extends { id: string }> {
  /** Accessible name of the table and of its scrolling region, e.g. 'Users'. */
  label: string;
  columns: AdminColumn<T>[];
  /** Current page (or the previous one while the next loads); undefined before the first answer. */
  result: AdminPageResult<T> | undefined;
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

/** The one table of the admin area: S/N, headed columns, loader, retry, server-side pagination. */
export function AdminTable<T extends { id: string }>(props: AdminTableProps<T>) {
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
                  {column.header}
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
