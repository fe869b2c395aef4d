import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../../../app/theme/themeOptions';
import { ON_DARK_MUTED } from './darkSurface';

/** Props of SectionHeading. */
export interface SectionHeadingProps {
  /** Id of the heading, for the section's aria-labelledby. */
  id: string;
  title: ReactNode;
  /** Short label above the heading. */
  eyebrow?: string;
  /** One or two sentences under the heading; an array gives one paragraph each. */
  intro?: string | readonly string[];
  /** h1 for page heroes, h2 for page sections. */
  level?: 'h1' | 'h2';
  align?: 'left' | 'center';
  /** Light text, for the dark bands. */
  onDark?: boolean;
  /** Space below the block, before the section's content (off when nothing follows). */
  gutterBottom?: boolean;
}

/** The eyebrow + heading + intro block every public section starts with (one look everywhere). */
export function SectionHeading({
  id,
  title,
  eyebrow,
  intro,
  level = 'h2',
  align = 'left',
  onDark = false,
  gutterBottom = true,
}: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <Box
      sx={{
        mb: gutterBottom ? { xs: 4, md: 6 } : 0,
        textAlign: align,
        maxWidth: centered ? 720 : 760,
        mx: centered ? 'auto' : 0,
      }}
    >
      {eyebrow && (
        <Typography
          variant="overline"
          component="p"
          sx={{ color: onDark ? brand.tealLight : 'secondary.dark', fontWeight: 700, letterSpacing: '0.12em' }}
        >
          {eyebrow}
        </Typography>
      )}
      <Typography
        id={id}
        variant={level === 'h1' ? 'h2' : 'h3'}
        component={level}
        sx={{
          mt: 0.5,
          fontSize: level === 'h1' ? { xs: '2.25rem', md: '3.25rem' } : { xs: '1.875rem', md: '2.5rem' },
          // Long German compounds on a phone: break them by the page's language, never overflow.
          hyphens: 'auto',
          overflowWrap: 'break-word',
        }}
      >
        {title}
      </Typography>
      {(typeof intro === 'string' ? [intro] : (intro ?? [])).map((paragraph) => (
        <Typography
          key={paragraph}
          sx={{ mt: 2, fontSize: '1.0625rem', color: onDark ? ON_DARK_MUTED : 'text.secondary' }}
        >
          {paragraph}
        </Typography>
      ))}
    </Box>
  );
}
