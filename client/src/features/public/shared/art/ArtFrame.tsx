import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Palette of the illustrations: drawn on their own navy panel, so they suit both colour schemes. */
export const ART = {
  panel: '#0f2f52',
  line: '#1e4976',
  teal: '#2dd4bf',
  mint: '#99f6e4',
  amber: '#fbbf24',
  green: '#4ade80',
  red: '#f87171',
  sky: '#60a5fa',
  ink: '#071d34',
} as const;

/**
 * The 400 x 300 canvas and rounded navy panel every illustration is drawn on. Decorative:
 * hidden from screen readers; scales to its container's width with a fixed aspect ratio.
 */
export function ArtFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 400 300"
      aria-hidden="true"
      focusable="false"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3' }}
    >
      <rect x="10" y="10" width="380" height="280" rx="28" fill={ART.panel} />
      <path d="M40 230h320M40 175h320M40 120h320M40 65h320" stroke={ART.line} strokeWidth="1.5" />
      {children}
    </Box>
  );
}
