import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { GlobeArt } from '../shared/art/GlobeArt';
import { PublicSection } from '../shared/PublicSection';

/** The about page's "About" section: who the platform is and what it offers (SPEC §1). */
export function AboutIntroSection() {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <PublicSection
      headingId="about-intro-heading"
      eyebrow={t('About')}
      title={t('Who we are')}
      intro={[
        t(
          '{{brand}} is a platform for cryptocurrency investment and trading, made for investors and traders who want their crypto to work for them.',
          { brand: brandName },
        ),
        t(
          'We offer Binary and Forex trading, 24/7 customer support, strong security, and stable deposits and withdrawals. You choose an investment plan, fund it in cryptocurrency and follow your balance, profit and transactions from your dashboard, while our traders and software do the work.',
        ),
      ]}
      aside={<GlobeArt />}
    />
  );
}
