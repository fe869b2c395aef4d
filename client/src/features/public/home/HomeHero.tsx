import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { dashboardPathFor } from '../../../app/session';
import { brand } from '../../../app/theme';
import { useToken } from '../../../app/useToken';

/** Home banner: headline and the main call to action (Dashboard if signed in, else Get Started). */
export function HomeHero() {
  const token = useToken();
  return (
    <Box
      component="section"
      aria-labelledby="home-heading"
      sx={{
        '--focus-ring': '#ffffff',
        color: '#ffffff',
        background: `radial-gradient(1200px 500px at 85% -10%, rgba(20,184,166,0.35), transparent 60%), linear-gradient(135deg, ${brand.navyDark} 0%, ${brand.navy} 60%, #0e3a5f 100%)`,
        py: { xs: 8, md: 14 },
      }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="overline"
          component="p"
          sx={{ color: brand.tealLight, fontWeight: 700, letterSpacing: '0.12em' }}
        >
          Binary &amp; Forex trading · 24/7 support
        </Typography>
        <Typography id="home-heading" variant="h2" component="h1" sx={{ maxWidth: 760, mt: 1 }}>
          Grow your crypto with plans that pay every 24 hours
        </Typography>
        <Typography sx={{ mt: 2.5, maxWidth: 620, color: 'rgba(255,255,255,0.86)', fontSize: '1.125rem' }}>
          CryptoVest invests through corporate accounts with automated trading software, with secure, stable deposits
          and withdrawals.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          {token ? (
            <Button
              component={RouterLink}
              to={dashboardPathFor(token)}
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForwardIcon />}
            >
              Dashboard
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to="/register"
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForwardIcon />}
            >
              Get Started
            </Button>
          )}
          <Button
            component={RouterLink}
            to={{ pathname: '/', hash: '#services' }}
            variant="outlined"
            size="large"
            sx={{
              color: '#ffffff',
              borderColor: 'rgba(255,255,255,0.6)',
              '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.08)' },
            }}
          >
            View plans
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
