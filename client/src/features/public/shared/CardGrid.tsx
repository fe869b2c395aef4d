import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Props of CardGrid. */
export interface CardGridProps {
  /** Columns from the md breakpoint up (one on phones, two on tablets). */
  columns?: 2 | 3 | 4;
  children: ReactNode;
}

/** The responsive card grid of the public pages (a CSS grid: equal heights, no extra wrappers). */
export function CardGrid({ columns = 3, children }: CardGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}
