import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { brand } from '../../../app/theme/themeOptions';
import { CountUp } from '../shared/CountUp';
import { ON_DARK_MUTED } from '../shared/darkSurface';
import { PublicSection } from '../shared/PublicSection';

/** Start values of the two counters (fixed by SPEC §2: 20 -> 500+, 1 -> 25M+). */
const INVESTORS_FROM = 20;
const PROFIT_FROM = 1;

/** The about page's "Number speaks" block: two counters that animate on first view (SPEC §2). */
export function NumbersSection() {
  const { t } = useTranslation('public');
  const { figures } = useSite();
  const counters = [
    {
      testId: 'counter-investors',
      from: INVESTORS_FROM,
      to: figures.activeInvestors,
      suffix: '+',
      label: msg('Active investors'),
    },
    {
      testId: 'counter-profit',
      from: PROFIT_FROM,
      to: figures.profitRaisedMillions,
      suffix: 'M+',
      label: msg('Profit raised'),
    },
  ];
  return (
    <PublicSection
      headingId="about-numbers-heading"
      tone="dark"
      eyebrow={t('Our numbers')}
      title={t('Number speaks')}
      align="center"
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 3,
          maxWidth: 720,
          mx: 'auto',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {counters.map((counter) => (
          <Box
            component="li"
            key={counter.testId}
            sx={{ textAlign: 'center', py: 4, borderRadius: 3, border: '1px solid rgba(255, 255, 255, 0.16)' }}
          >
            <Typography
              component="p"
              sx={{
                fontWeight: 800,
                fontSize: { xs: '2.75rem', md: '3.5rem' },
                color: brand.tealLight,
                lineHeight: 1.1,
              }}
            >
              <CountUp from={counter.from} to={counter.to} suffix={counter.suffix} testId={counter.testId} />
            </Typography>
            <Typography sx={{ mt: 1, color: ON_DARK_MUTED, fontSize: '1.125rem' }}>{t(counter.label)}</Typography>
          </Box>
        ))}
      </Box>
    </PublicSection>
  );
}
