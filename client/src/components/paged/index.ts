/**
 * The server-paged table (PagedTable) and what its callers need: column and page types, the
 * Apollo adapter, the footer's counting. Callers import from this folder, not its files.
 */
export { PagedCards, type PagedCardsProps } from './PagedCards';
export { knownCount, showingText } from './pageCount';
export { openableRowProps, ROW_ID_ATTRIBUTE } from './openableRow';
export { pagedQueryProps } from './pagedQueryProps';
export { PagedTable, type PagedTableProps } from './PagedTable';
export type { PageChange, PagedColumn, PageResult, TableSort } from './types';
