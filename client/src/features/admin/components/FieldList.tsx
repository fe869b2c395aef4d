import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import type { ReactNode } from 'react';

/** One labelled value of a FieldList. */
export interface FieldItem {
  /** In the reader's language (the caller translates). */
  label: string;
  value: ReactNode;
}

/**
 * Labelled values as a description list (a record drawer's profile, balances, addresses): label
 * left, value right, wrapping long values instead of widening the drawer; empty values read "—".
 */
export function FieldList({ items }: { items: FieldItem[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 11rem) minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}
    >
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? EMPTY_VALUE : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
