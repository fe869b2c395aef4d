import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Glyph } from '../shared/Glyph';
import { PublicSection } from '../shared/PublicSection';
import { TradingServices } from '../shared/TradingServices';

/**
 * The home page's services section, the `#services` target of the nav's Services link. Static
 * (no API call, so no GraphQL code on the home page); the plans themselves live on /services.
 */
export function ServicesSection() {
  const { t } = useTranslation('public');
  return (
    <PublicSection
      id="services"
      headingId="home-services-heading"
      tone="paper"
      eyebrow={t('Our services')}
      title={t('Trading services')}
      intro={t('Binary and Forex trading, automated software, secure accounts and support around the clock.')}
    >
      <TradingServices />
      <Box sx={{ mt: { xs: 4, md: 6 } }}>
        <Button
          component={RouterLink}
          to="/services"
          variant="outlined"
          color="secondary"
          size="large"
          endIcon={<Glyph name="arrowRight" size="1.25rem" />}
        >
          {t('See our investment plans')}
        </Button>
      </Box>
    </PublicSection>
  );
}
