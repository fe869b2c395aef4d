import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Glyph } from '../shared/Glyph';
import { PublicSection } from '../shared/PublicSection';

/** The three steps to earn (SPEC §2; English keys, translated where shown). */
const STEPS = [
  {
    title: msg('Create your account'),
    text: msg('Register for free and verify your e-mail address with the code we send you.'),
  },
  {
    title: msg('Choose a plan and deposit'),
    text: msg('Pick the plan that fits your budget and fund it in your preferred cryptocurrency.'),
  },
  {
    title: msg('Receive your profit'),
    text: msg('When the plan’s 24 hours are up, the profit is added to your balance, ready to withdraw.'),
  },
] as const;

/** Home "steps to earn" section: three numbered steps and a link to /register (SPEC §2). */
export function StepsSection() {
  const { t } = useTranslation('public');
  return (
    <PublicSection
      headingId="home-steps-heading"
      tone="paper"
      eyebrow={t('How it works')}
      title={t('Start earning in three simple steps')}
      align="center"
    >
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 4, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {STEPS.map((step, i) => (
          <Box component="li" key={step.title} sx={{ textAlign: 'center', px: { md: 2 } }}>
            <Box
              aria-hidden="true"
              sx={{
                width: 56,
                height: 56,
                mx: 'auto',
                mb: 2.5,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: '1.5rem',
                fontWeight: 800,
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              {i + 1}
            </Box>
            <Typography variant="h6" component="h3" gutterBottom>
              {t(step.title)}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t(step.text)}</Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ textAlign: 'center', mt: { xs: 5, md: 7 } }}>
        <Button
          component={RouterLink}
          to="/register"
          variant="contained"
          color="secondary"
          size="large"
          endIcon={<Glyph name="arrowRight" size="1.25rem" />}
        >
          {t('Create your free account')}
        </Button>
      </Box>
    </PublicSection>
  );
}
