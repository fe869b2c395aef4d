import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Small labelled facts of a card (Created, Last used, Attempts…) as a description list in a grid:
 * two columns on phones, one row of `wideColumns` from `wideFrom` up. One layout for every
 * security card (API keys, webhook endpoints, deliveries); `children` adds full-width rows.
 */
export function FactList({
  facts,
  wideColumns,
  wideFrom = 'md',
  dense = false,
  sx,
  children,
}: {
  facts: ReadonlyArray<readonly [string, string]>;
  wideColumns: number;
  wideFrom?: 'sm' | 'md';
  dense?: boolean;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', [wideFrom]: `repeat(${wideColumns}, max-content)` },
          columnGap: dense ? 4 : 5,
          rowGap: dense ? 1 : 1.5,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </div>
      ))}
      {children}
    </Box>
  );
}
