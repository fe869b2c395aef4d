import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { longDay } from './chartDays';

/** Props of ChartTable. */
export interface ChartTableProps<R extends { day: string }> {
  /** The caption and the headers, translated by the caller. */
  caption: string;
  columns: readonly { header: string; cell: (row: R) => ReactNode }[];
  rows: readonly R[];
}

/**
 * A chart's numbers as a table, one row per day, visually hidden: what a screen reader reads
 * instead of the drawing (which is one image to it).
 */
export function ChartTable<R extends { day: string }>({ caption, columns, rows }: ChartTableProps<R>) {
  const { t } = useTranslation('admin');
  const { locale } = useFormat();
  return (
    // The clip goes on a block around the table: a table grows to its rows whatever its height says.
    <Box sx={visuallyHidden}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('Day')}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.header} scope="col">
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.day}>
              <TableCell scope="row" component="th">
                {longDay(row.day, locale)}
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
