import { msg } from '@cryptovest/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../shared/Glyph';
import { PublicSection } from '../shared/PublicSection';

/** What an investor gets (SPEC §2 dashboard and wallet screens, in marketing words; English keys). */
const FEATURES = [
  { title: msg('Plans for every budget'), text: msg('Plans from a first small deposit up to large portfolios.') },
  { title: msg('Multi-coin wallet'), text: msg('Bitcoin, ethereum and USDT balances side by side.') },
  {
    title: msg('Withdraw to your own wallets'),
    text: msg('Save your addresses once and request a withdrawal any time.'),
  },
  { title: msg('Full transaction history'), text: msg('Every deposit and withdrawal with its status, in one table.') },
  { title: msg('Live market charts'), text: msg('Follow the markets from the charts in your dashboard.') },
  { title: msg('Works on every device'), text: msg('The same clear dashboard on your phone, tablet and desktop.') },
] as const;

/** Home "features" section: a checklist of what the investor dashboard offers. */
export function FeaturesSection() {
  const { t } = useTranslation('public');
  return (
    <PublicSection
      headingId="home-features-heading"
      eyebrow={t('Features')}
      title={t('Everything you need to invest with confidence')}
      intro={t('One account gives you the plans, the wallet and the tools to follow your money.')}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          columnGap: 4,
          rowGap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {FEATURES.map((feature) => (
          <Box component="li" key={feature.title} sx={{ display: 'flex', gap: 2 }}>
            <Box
              sx={{
                flexShrink: 0,
                width: 32,
                height: 32,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
              }}
            >
              <Glyph name="check" size="1.125rem" />
            </Box>
            <div>
              <Typography variant="h6" component="h3" sx={{ fontSize: '1.0625rem' }}>
                {t(feature.title)}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
                {t(feature.text)}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </PublicSection>
  );
}
