import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedCards } from './PagedCards';
import { PagedFooter } from './PagedFooter';
import { FirstPageStatus, NoRows } from './PagedStates';
import type { PageChange, PagedColumn, PageResult, TableSort } from './types';
import { WideTable } from './WideTable';

/** Props of PagedTable. */
export interface PagedTableProps<T extends { id: string }> {
  /** Accessible name of the table and of its scrolling region, e.g. 'Users' (translated by the caller). */
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
  /** Shown for a page without rows (translated by the caller); "No results." by default. */
  emptyText?: string;
  /** On phones, show each row as a card of label–value pairs instead of a table wider than the screen. */
  phoneCards?: boolean;
  /** Show a 'See all' link to this path instead of the pagination (SPEC §9 footer; e.g. the overview). */
  seeAllTo?: string;
  /** No frame of its own, for a table inside another card (the overview's tabs): more room for columns. */
  frameless?: boolean;
  /** Server-side sorting by the columns that have a `sortKey`. */
  sorting?: TableSort;
  /**
   * Opens a row's record (issue 38 "Record view", e.g. into a side drawer): a click on the row
   * (not on its own controls) or Enter on the focused row; rows join the tab order.
   */
  onRowOpen?: (row: T) => void;
  /** The id of the row whose record is open (shown selected). */
  openRowId?: string | null;
  /** Half the usual space between columns, so a wide list fits 1280 px without a sideways scroll (issue 38). */
  compact?: boolean;
}

/**
 * The one server-paged table of the app (admin lists, the investor's transactions, account
 * history): optional S/N, headed columns, loader, retry, the spec's "Showing X–Y of Z results"
 * footer. When it is wider than the screen it says it scrolls sideways (and the scrolling region
 * is focusable for keyboards); on phones it can show cards instead (issue 14).
 */
export function PagedTable<T extends { id: string }>(props: PagedTableProps<T>) {
  const { label, columns, result, loading, failed, onRetry, page, pageSize, onPageChange } = props;
  const { t } = useTranslation();
  const { numbered = true, minWidth = 900, emptyText = t('No results.'), phoneCards = false, seeAllTo } = props;
  const { frameless = false, sorting, onRowOpen, openRowId, compact } = props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (!result) return <FirstPageStatus label={label} failed={failed} onRetry={onRetry} />;
  const allColumns: PagedColumn<T>[] = numbered
    ? [{ header: t('S/N'), cell: (row) => page * pageSize + result.items.indexOf(row) + 1 }, ...columns]
    : columns;

  let body: ReactNode;
  if (result.items.length === 0) {
    body = <NoRows text={emptyText} />;
  } else if (phone && phoneCards) {
    body = (
      <PagedCards
        label={label}
        columns={allColumns}
        rows={result.items}
        loading={loading}
        onRowOpen={onRowOpen}
        openRowId={openRowId}
      />
    );
  } else {
    body = (
      <WideTable
        label={label}
        columns={allColumns}
        rows={result.items}
        loading={loading}
        minWidth={minWidth}
        sorting={sorting}
        onRowOpen={onRowOpen}
        openRowId={openRowId}
        compact={compact}
      />
    );
  }

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden', ...(frameless ? { border: 0 } : {}) }}>
      <LinearProgress color="secondary" aria-hidden sx={{ visibility: loading ? 'visible' : 'hidden' }} />
      {body}
      <PagedFooter result={result} page={page} pageSize={pageSize} onPageChange={onPageChange} seeAllTo={seeAllTo} />
    </Paper>
  );
}
