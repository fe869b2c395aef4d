import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { PageMeta } from '../../../components/PageMeta';
import { TradingArt } from '../shared/art/TradingArt';
import { PageHero } from '../shared/PageHero';
import { PublicSection } from '../shared/PublicSection';
import { SectionHeading } from '../shared/SectionHeading';
import { TradingServices } from '../shared/TradingServices';
import { InvestmentPlans } from './InvestmentPlans';

/** /services (linked from the footer): the trading services and the investment plans from the API. */
export function ServicesPage() {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <>
      <PageMeta
        title={t('Services')}
        description={t(
          'The trading services and investment plans of {{brand}}: Binary and Forex trading, secure crypto deposits and plans that run for 24 hours.',
          { brand: brandName },
        )}
      />
      <PageHero
        title={t('Our services')}
        eyebrow={t('Services')}
        intro={t('Professional Binary and Forex trading, and investment plans that put your cryptocurrency to work.')}
        art={<TradingArt />}
      />
      <PublicSection
        headingId="services-trading-heading"
        eyebrow={t('What we offer')}
        title={t('Trading services')}
        intro={t('Automated trading through corporate accounts, with security and support you can rely on.')}
      >
        <TradingServices />
      </PublicSection>
      {/* Not revealed on scroll: the plans load from the API, and their states must show at once. */}
      <Box
        component="section"
        aria-labelledby="services-plans-heading"
        sx={{ py: { xs: 7, md: 11 }, bgcolor: 'background.paper' }}
      >
        <Container maxWidth="lg">
          <SectionHeading
            id="services-plans-heading"
            eyebrow={t('Plans')}
            title={t('Investment plans')}
            intro={t(
              'Choose the plan that fits your deposit. Every plan runs for 24 hours and pays its profit on top of your investment.',
            )}
          />
          <InvestmentPlans />
        </Container>
      </Box>
    </>
  );
}
