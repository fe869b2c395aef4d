import SwipeLeftIcon from '@mui/icons-material/SwipeLeftOutlined';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverflowsX } from '../useOverflowsX';
import { cellSx } from './cellStyles';
import { HeadCell } from './HeadCell';
import { openableRowProps } from './openableRow';
import type { PagedColumn, TableSort } from './types';

/** Cells 8 px apart instead of 16, the outer edges as usual: more columns fit a screen. */
const compactSx = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

/** Props of WideTable. */
export interface WideTableProps<T extends { id: string }> {
  label: string;
  columns: PagedColumn<T>[];
  rows: T[];
  loading: boolean;
  minWidth: number;
  sorting?: TableSort;
  /** Makes each row open its record on click or Enter (see PagedTable `onRowOpen`). */
  onRowOpen?: (row: T) => void;
  /** The id of the row whose record is open (shown selected). */
  openRowId?: string | null;
  /** Half the usual space between columns (see PagedTable `compact`). */
  compact?: boolean;
}

/**
 * A PagedTable's page as a table: headed columns, one row per item. When it is wider than the
 * screen it says it scrolls sideways, and the scrolling region is focusable for keyboards.
 */
export function WideTable<T extends { id: string }>({
  label,
  columns,
  rows,
  loading,
  minWidth,
  sorting,
  onRowOpen,
  openRowId,
  compact = false,
}: WideTableProps<T>) {
  const { t } = useTranslation();
  const [scroller, overflows] = useOverflowsX<HTMLDivElement>();
  const hintId = useId();
  return (
    <>
      {overflows && (
        <Typography
          id={hintId}
          variant="caption"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, pt: 1 }}
        >
          <SwipeLeftIcon fontSize="small" aria-hidden />
          {t('Scroll sideways to see every column')}
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
        <Table size="small" aria-label={label} sx={{ minWidth, ...(compact ? compactSx : {}) }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeadCell key={column.header} column={column} sorting={sorting} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading ? 0.5 : 1 }}>
            {rows.map((row) => (
              <TableRow
                hover
                key={row.id}
                selected={row.id === openRowId}
                {...(onRowOpen ? openableRowProps(row, onRowOpen) : {})}
              >
                {columns.map((column) => (
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
