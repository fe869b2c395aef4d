import SwipeLeftIcon from '@mui/icons-material/SwipeLeftOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SortDirection } from '../generated/graphql';
import { Loader } from './Loader';
import { PagedCards } from './PagedCards';
import type { PagedColumn } from './pagedColumn';
import { RetryAlert } from './RetryAlert';
import { useOverflowsX } from './useOverflowsX';

/** The server-side order a PagedTable shows, and how a heading changes it. */
export interface TableSort {
  sort: { by: string; direction: SortDirection } | null;
  onSort: (key: string, firstDirection: SortDirection) => void;
}

/** One page of rows as the API returns it. */
export interface PageResult<T> {
  items: T[];
  total: number;
  /** The one-based page these rows are (the server's answer). */
  page?: number;
  /** The admin lists count only up to a cap: true means "at least total". */
  totalCapped?: boolean;
  /** Admin lists: where the next (previous) page starts; null when there is none. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/** A page change: the new zero-based page, and the page it was asked from (for its cursors). */
export type PageChange = (page: number, from?: PageResult<unknown>) => void;

/**
 * How many rows the pagination knows of. A capped count ("1,000+") is open-ended while another
 * page follows (MUI's -1: "more than"), and exact once the last page was reached.
 */
export function knownCount(result: PageResult<unknown>, page: number, pageSize: number): number {
  if (!result.totalCapped) return result.total;
  return result.nextCursor ? -1 : page * pageSize + result.items.length;
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
  onPageChange: PageChange;
  /** Prepend the S/N column (row number across pages); default true. */
  numbered?: boolean;
  /** Minimum width before the table scrolls sideways. */
  minWidth?: number;
  emptyText?: string;
  /** On phones, show each row as a card of label–value pairs instead of a table wider than the screen. */
  phoneCards?: boolean;
  /** Show a 'See all' link to this path instead of the pagination (SPEC §9 footer; e.g. the overview). */
  seeAllTo?: string;
  /** No frame of its own, for a table inside another card (the overview's tabs): more room for columns. */
  frameless?: boolean;
  /** Server-side sorting by the columns that have a `sortKey`. */
  sorting?: TableSort;
}

const headSx = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

/**
 * The spec's footer line (SPEC §9): "Showing 1–8 of 20 results"; a count that stopped at its cap
 * reads "of 1000+ results" (docs/spec-deviations.md).
 */
export function showingText(page: number, pageSize: number, shown: number, total: number, capped = false): string {
  const from = page * pageSize + 1;
  const of = capped ? `${total}+ results` : `${total} ${total === 1 ? 'result' : 'results'}`;
  return `Showing ${from}\u2013${from + shown - 1} of ${of}`;
}

/** Style of one body cell from its column's options. */
function cellSx<T>(column: PagedColumn<T>) {
  return {
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.maxWidth ? { maxWidth: column.maxWidth } : {}),
    ...(column.sticky ? stickySx : {}),
  };
}

/** A column that stays at the right edge while the rest scrolls under it. */
const stickySx = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
  zIndex: 1,
} as const;

/** A column heading; a sortable one is a button that orders the table by it (aria-sort says how). */
function HeadCell<T>({ column, sorting }: { column: PagedColumn<T>; sorting?: TableSort }) {
  const sx = { ...headSx, ...(column.sticky ? stickySx : {}) };
  const { sortKey, firstDirection = 'DESC' } = column;
  if (!sortKey || !sorting) return <TableCell sx={sx}>{column.headerContent ?? column.header}</TableCell>;
  const active = sorting.sort?.by === sortKey ? sorting.sort.direction : null;
  const lower = (direction: SortDirection) => (direction === 'ASC' ? 'asc' : 'desc');
  return (
    <TableCell sx={sx} sortDirection={active ? lower(active) : false}>
      <TableSortLabel
        active={active !== null}
        direction={lower(active ?? firstDirection)}
        onClick={() => sorting.onSort(sortKey, firstDirection)}
      >
        {column.header}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The one server-paged table of the app (admin lists, the investor's transactions, account
 * history): optional S/N, headed columns, loader, retry, the spec's "Showing X–Y of Z results"
 * footer. When it is wider than the screen it says it scrolls sideways (and the scrolling region
 * is focusable for keyboards); on phones it can show cards instead (issue 14).
 */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T>) {
  const { label, columns, result, loading, failed, onRetry, page, pageSize, onPageChange } = props;
  const { numbered = true, minWidth = 900, emptyText = 'No results.', phoneCards = false, seeAllTo } = props;
  const { frameless = false, sorting } = props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [scroller, overflows] = useOverflowsX<HTMLDivElement>();
  const hintId = useId();
  if (failed && !result) return <RetryAlert onRetry={onRetry}>{`Could not load ${label.toLowerCase()}.`}</RetryAlert>;
  if (!result) return <Loader label={`Loading ${label.toLowerCase()}`} />;
  const empty = result.items.length === 0;
  const count = knownCount(result, page, pageSize);
  const allColumns: PagedColumn<T>[] = numbered
    ? [{ header: 'S/N', cell: (row) => page * pageSize + result.items.indexOf(row) + 1 }, ...columns]
    : columns;

  let body: ReactNode;
  if (empty) {
    // Not a cell of the wide table: on a phone its centre is off-screen (issue 14: "N").
    body = (
      <Typography role="status" align="center" color="text.secondary" sx={{ py: 4, px: 2 }}>
        {emptyText}
      </Typography>
    );
  } else if (phone && phoneCards) {
    body = <PagedCards label={label} columns={allColumns} rows={result.items} loading={loading} />;
  } else {
    body = (
      <>
        {overflows && (
          <Typography
            id={hintId}
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, pt: 1 }}
          >
            <SwipeLeftIcon fontSize="small" aria-hidden />
            Scroll sideways to see every column
          </Typography>
        )}
        {/* Focusable so keyboard users can scroll it sideways (axe scrollable-region-focusable). */}
        <TableContainer
          ref={scroller}
          sx={{ overflowX: 'auto' }}
          aria-busy={loading}
          tabIndex={0}
          role="region"
          aria-label={label}
          aria-describedby={overflows ? hintId : undefined}
        >
          <Table size="small" aria-label={label} sx={{ minWidth }}>
            <TableHead>
              <TableRow>
                {allColumns.map((column) => (
                  <HeadCell key={column.header} column={column} sorting={sorting} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: loading ? 0.5 : 1 }}>
              {result.items.map((row) => (
                <TableRow hover key={row.id}>
                  {allColumns.map((column) => (
                    <TableCell key={column.header} sx={cellSx(column)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden', ...(frameless ? { border: 0 } : {}) }}>
      <LinearProgress color="secondary" aria-hidden sx={{ visibility: loading ? 'visible' : 'hidden' }} />
      {body}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
          px: 2,
          minHeight: 52,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {!empty && (
          <Typography variant="body2" color="text.secondary">
            {showingText(page, pageSize, result.items.length, count < 0 ? result.total : count, count < 0)}
          </Typography>
        )}
        {seeAllTo ? (
          <Link component={RouterLink} to={seeAllTo} underline="always" variant="body2" sx={{ py: 1.5 }}>
            See all
          </Link>
        ) : (
          <TablePagination
            component="div"
            count={count}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[]}
            labelDisplayedRows={() => null}
            onPageChange={(_, next) => onPageChange(next, result)}
            sx={{ border: 0, ml: 'auto', '& .MuiTablePagination-toolbar': { pl: 0, pr: 0, minHeight: 52 } }}
          />
        )}
      </Box>
    </Paper>
  );
}

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
