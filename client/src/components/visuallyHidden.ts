/**
 * Hides content visually while keeping it for screen readers (the usual clip pattern): a chart's
 * table of numbers, a link's fuller name. Lengths are strings: in `sx`, `width: 1` means 100%.
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
