/**
 * Hides content visually while keeping it for screen readers (the usual clip pattern). Lengths
 * are strings: in `sx`, `width: 1` would mean 100% and `margin: -1` a theme spacing.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
