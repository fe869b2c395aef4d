import { CAROUSEL_INTERVAL_MS } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { ON_DARK_MUTED } from '../shared/darkSurface';
import { CarouselControls } from './CarouselControls';
import { heroSlides } from './heroSlides';
import { useCarousel } from './useCarousel';

const SLIDES_ID = 'home-hero-slides';

/**
 * Slides and illustrations are stacked in one grid cell, so the banner is as tall as its
 * tallest slide whichever is shown (no layout shift), and cross-fade; inactive ones are hidden.
 */
function layerSx(active: boolean) {
  return {
    gridArea: '1 / 1',
    opacity: active ? 1 : 0,
    visibility: active ? 'visible' : 'hidden',
    transition: active ? 'opacity 0.6s ease' : 'opacity 0.6s ease, visibility 0s linear 0.6s',
  } as const;
}

/**
 * The home banner carousel (SPEC §2: 4 slides, every 8000 ms) as the WAI-ARIA carousel pattern:
 * a labelled carousel region, "N of 4" slide groups (inactive ones aria-hidden and inert), and
 * the controls. `children` (the call to action) sits between the slide text and the controls.
 * The first slide is plain server-rendered text, never faded in: it is the page's LCP.
 */
export function HeroCarousel({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('public');
  const site = useSite();
  const slides = heroSlides(site);
  const carousel = useCarousel(slides.length, CAROUSEL_INTERVAL_MS);
  const { index } = carousel;

  return (
    <Box
      component="section"
      aria-roledescription={t('carousel')}
      aria-label={t('Highlights')}
      {...carousel.containerProps}
      sx={{ display: 'grid', gap: 6, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box id={SLIDES_ID} aria-live={carousel.rotating ? 'off' : 'polite'} sx={{ display: 'grid' }}>
          {slides.map((slide, i) => (
            <Box
              key={slide.title}
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('{{current}} of {{total}}', { current: i + 1, total: slides.length })}
              aria-hidden={i === index ? undefined : 'true'}
              inert={i !== index}
              sx={layerSx(i === index)}
            >
              <Typography
                variant="h2"
                component="h2"
                sx={{ fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' }, hyphens: 'auto', overflowWrap: 'break-word' }}
              >
                {t(slide.title)}
              </Typography>
              <Typography sx={{ mt: 2.5, maxWidth: 620, color: ON_DARK_MUTED, fontSize: '1.125rem' }}>
                {t(slide.text, slide.params)}
              </Typography>
            </Box>
          ))}
        </Box>
        {children}
        <CarouselControls carousel={carousel} count={slides.length} slidesId={SLIDES_ID} />
      </Box>
      <Box aria-hidden="true" sx={{ display: { xs: 'none', md: 'grid' } }}>
        {slides.map(({ title, Art }, i) => (
          <Box key={title} sx={layerSx(i === index)}>
            <Art />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
