import type { ReactNode } from 'react';
import type { SortDirection } from '../../generated/graphql';

/** One column of a PagedTable: its heading and how a row fills it. */
export interface PagedColumn<T> {
  /** Heading text, translated by the caller (and the column's key). */
  header: string;
  /** Rendered in the heading cell instead of `header` (e.g. a select-all checkbox). */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (amounts, dates). */
  nowrap?: boolean;
  /** Widest the column may grow (px); longer text should be cut by the cell (see TruncatedText). */
  maxWidth?: number;
  /** Keep the column in view while the table scrolls sideways (one at the right edge: the row's actions). */
  sticky?: boolean;
  /** The server's sort key of this column; its heading then sorts the table (issue 14). */
  sortKey?: string;
  /** Which way a first click sorts (default DESC: newest or largest first; ASC for names). */
  firstDirection?: SortDirection;
}

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
