import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { CardGrid } from './CardGrid';
import { FeatureCard } from './FeatureCard';
import { PublicSection, type PublicSectionProps } from './PublicSection';

/**
 * "We take care of our quality" with its three cards (SPEC §2: Best trading platform,
 * Comfortable ecosystem, Trusted security with 256 bit SSL), on the home and about pages.
 */
export function QualitySection({ headingId, tone }: Pick<PublicSectionProps, 'headingId' | 'tone'>) {
  const { t } = useTranslation('public');
  const { brandName } = useSite();
  return (
    <PublicSection
      headingId={headingId}
      tone={tone}
      eyebrow={t('Quality')}
      title={t('We take care of our quality')}
      intro={t('Everything at {{brand}} is built to keep your investment working and your account safe.', {
        brand: brandName,
      })}
      align="center"
    >
      <CardGrid columns={3}>
        <FeatureCard glyph="star" title={t('Best trading platform')}>
          {t('Binary and Forex trading with automated software and experienced traders, in one simple dashboard.')}
        </FeatureCard>
        <FeatureCard glyph="layers" title={t('Comfortable ecosystem')}>
          {t('Plans, deposits, balances, profit and withdrawals in one place, on your phone or your desktop.')}
        </FeatureCard>
        <FeatureCard glyph="lock" title={t('Trusted security with 256 bit SSL')}>
          {t('Every connection is encrypted with 256 bit SSL, and every account is protected by a verified e-mail.')}
        </FeatureCard>
      </CardGrid>
    </PublicSection>
  );
}
