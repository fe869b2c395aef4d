import type { Theme } from '@mui/material/styles';
import type { PagedColumn } from './types';

/** Style of every heading cell: bold, on one line (HeadCell). */
export const headSx = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

/** A column that stays at the right edge while the rest scrolls under it (heading and body cells). */
export const stickySx = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
  zIndex: 1,
} as const;

/** Style of one body cell from its column's options (WideTable). */
export function cellSx<T>(column: PagedColumn<T>) {
  return {
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.maxWidth ? { maxWidth: column.maxWidth } : {}),
    ...(column.sticky ? stickySx : {}),
  };
}
