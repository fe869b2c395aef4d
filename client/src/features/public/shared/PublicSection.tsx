import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { darkSurfaceSx } from './darkSurface';
import { Reveal } from './Reveal';
import { SectionHeading, type SectionHeadingProps } from './SectionHeading';

/** Props of PublicSection: the heading's props plus the section's own. */
export interface PublicSectionProps extends Omit<SectionHeadingProps, 'id' | 'level' | 'onDark'> {
  /** Id of the section itself (an anchor such as `services`). */
  id?: string;
  /** Id of the section heading (labels the section). */
  headingId: string;
  /** Page background, white/paper band, or the dark navy band. */
  tone?: 'default' | 'paper' | 'dark';
  /** Decorative illustration beside the heading (from the md breakpoint up). */
  aside?: ReactNode;
  children?: ReactNode;
}

/**
 * A band's content below the first screen is neither laid out nor painted until it nears the
 * viewport: on a phone the landing page is ten screens tall, and laying all of it out at load was
 * the longest task after first paint. The browser keeps the content's last real height once it
 * has been rendered (`auto`); 600 px is the estimate before that (a band's typical content height
 * on a phone). Only from a page's third section on (the first is its hero): the band after the
 * hero starts within the first screen, and Chrome renders skipped content there a frame late, so
 * its real height moved the next band into view (a layout shift on /about). Set on the Reveal box,
 * not the section: an element inside skipped content has no position, so Reveal could not tell
 * that it starts below the viewport.
 */
const offscreenSkipSx = {
  'main > section:nth-of-type(n + 3) &': { contentVisibility: 'auto', containIntrinsicSize: 'auto 600px' },
} as const;

/**
 * One band of a public page: a labelled <section> with the shared heading, revealed on first
 * scroll into view. Alternating tones separate the bands in both colour schemes.
 */
export function PublicSection({ id, headingId, tone = 'default', aside, children, ...heading }: PublicSectionProps) {
  const headingBlock = (
    <SectionHeading
      id={headingId}
      onDark={tone === 'dark'}
      gutterBottom={!aside && children !== undefined}
      {...heading}
    />
  );
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={[
        { py: { xs: 7, md: 10 }, overflow: 'hidden' },
        tone === 'paper' && { bgcolor: 'background.paper' },
        tone === 'dark' && darkSurfaceSx,
      ]}
    >
      <Container maxWidth="lg">
        <Reveal sx={offscreenSkipSx}>
          {aside ? (
            <Box
              sx={{
                display: 'grid',
                gap: { xs: 0, md: 8 },
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
                mb: children ? { xs: 4, md: 6 } : 0,
              }}
            >
              {headingBlock}
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>{aside}</Box>
            </Box>
          ) : (
            headingBlock
          )}
          {children}
        </Reveal>
      </Container>
    </Box>
  );
}
