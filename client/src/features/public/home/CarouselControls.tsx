import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../shared/Glyph';
import type { CarouselState } from './useCarousel';

/** White outlined round buttons for the dark banner. */
const iconButtonSx = {
  color: '#ffffff',
  border: '1px solid rgba(255, 255, 255, 0.5)',
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
} as const;

/** Props of CarouselControls. */
export interface CarouselControlsProps {
  carousel: CarouselState;
  count: number;
  /** Id of the slides container the buttons control. */
  slidesId: string;
}

/**
 * The carousel's controls (WAI-ARIA carousel pattern): pause/play first, previous and next,
 * and one "Show slide N" button per slide with aria-current="true" on the visible one.
 */
export function CarouselControls({ carousel, count, slidesId }: CarouselControlsProps) {
  const { t } = useTranslation('public');
  const { index, paused } = carousel;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton
        sx={iconButtonSx}
        onClick={carousel.togglePaused}
        aria-label={paused ? t('Play slide show') : t('Pause slide show')}
      >
        <Glyph name={paused ? 'play' : 'pause'} size="1.25rem" />
      </IconButton>
      <IconButton
        sx={iconButtonSx}
        onClick={carousel.previous}
        aria-label={t('Previous slide')}
        aria-controls={slidesId}
      >
        <Glyph name="chevronLeft" size="1.25rem" />
      </IconButton>
      <Box sx={{ display: 'flex' }}>
        {Array.from({ length: count }, (_, i) => (
          <ButtonBase
            key={i}
            disableRipple
            onClick={() => carousel.goTo(i)}
            aria-label={t('Show slide {{number}}', { number: i + 1 })}
            aria-controls={slidesId}
            aria-current={i === index ? 'true' : undefined}
            sx={{
              width: 32,
              height: 40,
              borderRadius: 2,
              '&::after': {
                content: '""',
                width: i === index ? 24 : 10,
                height: 10,
                borderRadius: 5,
                bgcolor: i === index ? '#ffffff' : 'rgba(255, 255, 255, 0.55)',
                transition: 'width 0.3s, background-color 0.3s',
              },
              '&:hover::after': { bgcolor: '#ffffff' },
            }}
          />
        ))}
      </Box>
      <IconButton sx={iconButtonSx} onClick={carousel.next} aria-label={t('Next slide')} aria-controls={slidesId}>
        <Glyph name="chevronRight" size="1.25rem" />
      </IconButton>
    </Stack>
  );
}
