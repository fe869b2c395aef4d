import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/PageMeta';
import { QualitySection } from '../shared/QualitySection';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { HomeHero } from './HomeHero';
import { ServicesSection } from './ServicesSection';
import { StatsSection } from './StatsSection';
import { StepsSection } from './StepsSection';
import { TestimonialsSection } from './TestimonialsSection';
import { WelcomeSection } from './WelcomeSection';

/**
 * `/`: the landing page, with the sections of SPEC §2 in order. It uses no GraphQL (so `/` loads
 * no Apollo): every section is static or reads the inlined site config.
 */
export function HomePage() {
  const { t } = useTranslation('public');
  return (
    <>
      <PageMeta
        title={t('Crypto investment platform')}
        description={t(
          'Invest in cryptocurrency plans that run for 24 hours, backed by Binary and Forex trading, secure deposits and withdrawals, and 24/7 support.',
        )}
      />
      <HomeHero />
      <WelcomeSection />
      <StepsSection />
      <FeaturesSection />
      <StatsSection />
      <QualitySection headingId="home-quality-heading" />
      <ServicesSection />
      <TestimonialsSection />
      <FaqSection />
    </>
  );
}
