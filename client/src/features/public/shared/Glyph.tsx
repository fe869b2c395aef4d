import Box from '@mui/material/Box';
import { GLYPHS, type GlyphName } from './glyphs';

/** Props of Glyph. */
export interface GlyphProps {
  name: GlyphName;
  /** CSS size (width and height); default 1.5rem. */
  size?: string | number;
}

/** A decorative line icon from GLYPHS in the current text colour (hidden from screen readers). */
export function Glyph({ name, size = '1.5rem' }: GlyphProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        fill: name === 'play' ? 'currentColor' : 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      }}
    >
      <path d={GLYPHS[name]} />
    </Box>
  );
}
