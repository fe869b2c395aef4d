import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { openableRowProps } from './openableRow';
import type { PagedColumn } from './types';

/** Props of PagedCards. */
export interface PagedCardsProps<T extends { id: string }> {
  label: string;
  columns: PagedColumn<T>[];
  rows: T[];
  loading: boolean;
  /** Makes each card open its record on click or Enter (see PagedTable `onRowOpen`). */
  onRowOpen?: (row: T) => void;
  openRowId?: string | null;
}

/**
 * A PagedTable's page on a phone (issue 14): one card per row, each column as a label and its
 * value, so nothing hides beyond the screen's edge and nothing needs sideways scrolling.
 */
export function PagedCards<T extends { id: string }>(props: PagedCardsProps<T>) {
  const { label, columns, rows, loading, onRowOpen, openRowId } = props;
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={loading}
      sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5, opacity: loading ? 0.5 : 1 }}
    >
      {rows.map((row) => (
        <Paper
          key={row.id}
          component="li"
          variant="outlined"
          {...(onRowOpen ? openableRowProps(row, onRowOpen) : {})}
          sx={{
            p: 1.5,
            ...(onRowOpen ? openableRowProps(row, onRowOpen).sx : {}),
            ...(row.id === openRowId ? { borderColor: 'secondary.main' } : {}),
          }}
        >
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
          >
            {columns.map((column) => (
              <Box key={column.header} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
