import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dashboardPathFor } from '../../../app/session/session';
import { useSite } from '../../../app/site/site';
import { brand } from '../../../app/theme/themeOptions';
import { useToken } from '../../../app/session/useToken';
import { darkSurfaceSx } from '../shared/darkSurface';
import { Glyph } from '../shared/Glyph';
import { HeroCarousel } from './HeroCarousel';

/** Outlined white button for the dark banner. */
const outlinedOnDarkSx = {
  color: '#ffffff',
  borderColor: 'rgba(255, 255, 255, 0.6)',
  '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255, 255, 255, 0.08)' },
} as const;

/**
 * Home banner: the page's h1, the rotating slides and the main call to action (SPEC §2:
 * 'Dashboard' to /admin or /dashboard when signed in, else 'Get Started' to /register).
 */
export function HomeHero() {
  const { t } = useTranslation('public');
  const token = useToken();
  const { brandName } = useSite();
  const cta = token
    ? { label: t('Dashboard'), to: dashboardPathFor(token) }
    : { label: t('Get Started'), to: '/register' };
  return (
    <Box sx={[darkSurfaceSx, { pt: { xs: 5, md: 8 }, pb: { xs: 5, md: 9 } }]}>
      <Container maxWidth="lg">
        <Typography
          variant="overline"
          component="h1"
          sx={{ color: brand.tealLight, fontWeight: 700, letterSpacing: '0.12em', lineHeight: 1.6, mb: 2 }}
        >
          {t('{{brand}}: crypto investment and trading platform', { brand: brandName })}
        </Typography>
        <HeroCarousel>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: { xs: 4, md: 5 } }}>
            <Button
              component={RouterLink}
              to={cta.to}
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<Glyph name="arrowRight" size="1.25rem" />}
            >
              {cta.label}
            </Button>
            <Button component={RouterLink} to="/services" variant="outlined" size="large" sx={outlinedOnDarkSx}>
              {t('View investment plans')}
            </Button>
          </Stack>
        </HeroCarousel>
      </Container>
    </Box>
  );
}
