import { OTP_LENGTH } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { GlobeArt } from '../shared/art/GlobeArt';
import { CardGrid } from '../shared/CardGrid';
import { FeatureCard } from '../shared/FeatureCard';
import { PublicSection } from '../shared/PublicSection';

/** Home "welcome" section (SPEC §2) with the four feature cards. */
export function WelcomeSection() {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <PublicSection
      headingId="home-welcome-heading"
      eyebrow={t('Welcome')}
      title={t('Welcome to {{brand}}', { brand: brandName })}
      intro={t(
        '{{brand}} is a cryptocurrency investment and trading platform. We trade Binary and Forex markets through corporate accounts with automated trading software, and you follow every result from your own dashboard.',
        { brand: brandName },
      )}
      aside={<GlobeArt />}
    >
      <CardGrid columns={4}>
        <FeatureCard glyph="userPlus" title={t('Open an account in minutes')}>
          {t('Sign up with your name, e-mail and country, then confirm your e-mail with a {{digits}}-digit code.', {
            digits: OTP_LENGTH,
          })}
        </FeatureCard>
        <FeatureCard glyph="clock" title={t('Profit in 24 hours')}>
          {t('Every investment plan runs for 24 hours and adds its profit to your balance when it ends.')}
        </FeatureCard>
        <FeatureCard glyph="wallet" title={t('Crypto deposits')}>
          {t('Deposit bitcoin, ethereum or USDT and see every transaction and its status in your history.')}
        </FeatureCard>
        <FeatureCard glyph="monitor" title={t('A clear dashboard')}>
          {t('Balance, investment, profit and transactions at a glance, on your phone or your desktop.')}
        </FeatureCard>
      </CardGrid>
    </PublicSection>
  );
}
