import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortDirection } from '../../generated/graphql';
import { headSx, stickySx } from './cellStyles';
import type { PagedColumn, TableSort } from './types';

/** A column heading; a sortable one is a button that orders the table by it (aria-sort says how). */
export function HeadCell<T>({ column, sorting }: { column: PagedColumn<T>; sorting?: TableSort }) {
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
