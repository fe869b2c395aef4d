import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/PageMeta';
import { useSite } from '../../../app/site/site';
import { ShieldArt } from '../shared/art/ShieldArt';
import { PageHero } from '../shared/PageHero';
import { QualitySection } from '../shared/QualitySection';
import { AboutIntroSection } from './AboutIntroSection';
import { MissionSection } from './MissionSection';
import { NumbersSection } from './NumbersSection';

/** /about (SPEC §2): hero ABOUT US, About, quality cards, Mission and What we do, Number speaks. */
export function AboutPage() {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <>
      <PageMeta
        title={t('About Us')}
        description={t(
          'Who {{brand}} is: our mission of blockchain adoption, how we trade, and the numbers behind the platform.',
          { brand: brandName },
        )}
      />
      <PageHero
        title={t('ABOUT US')}
        eyebrow={brandName}
        intro={t(
          'A cryptocurrency investment and trading platform built on automated trading, security and support around the clock.',
        )}
        art={<ShieldArt />}
      />
      <AboutIntroSection />
      <QualitySection headingId="about-quality-heading" tone="paper" />
      <MissionSection />
      <NumbersSection />
    </>
  );
}
