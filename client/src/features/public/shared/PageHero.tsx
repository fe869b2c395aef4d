import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { darkSurfaceSx } from './darkSurface';
import { SectionHeading } from './SectionHeading';

/** Props of PageHero. */
export interface PageHeroProps {
  /** The page's h1 (e.g. "ABOUT US"). */
  title: string;
  eyebrow?: string;
  intro?: string;
  /** Decorative illustration shown beside the text from the md breakpoint up. */
  art?: ReactNode;
}

/**
 * The dark banner that opens an inner public page (About, Services) with its one h1. Plain
 * text, never animated: it is the page's largest contentful paint.
 */
export function PageHero({ title, eyebrow, intro, art }: PageHeroProps) {
  return (
    <Box component="section" aria-labelledby="page-hero-heading" sx={[darkSurfaceSx, { py: { xs: 7, md: 10 } }]}>
      <Container
        maxWidth="lg"
        sx={{ display: 'grid', alignItems: 'center', gap: 6, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}
      >
        <SectionHeading
          id="page-hero-heading"
          level="h1"
          title={title}
          eyebrow={eyebrow}
          intro={intro}
          onDark
          gutterBottom={false}
        />
        {art && (
          <Box sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 380, justifySelf: 'end', width: '100%' }}>
            {art}
          </Box>
        )}
      </Container>
    </Box>
  );
}
