import { useSite } from '../../../app/site/site';
import { CardGrid } from './CardGrid';
import { FeatureCard } from './FeatureCard';
import { PublicSection, type PublicSectionProps } from './PublicSection';

/**
 * "We take care of our quality" with its three cards (SPEC §2: Best trading platform,
 * Comfortable ecosystem, Trusted security with 256 bit SSL), on the home and about pages.
 */
export function QualitySection({ headingId, tone }: Pick<PublicSectionProps, 'headingId' | 'tone'>) {
  const { brandName } = useSite();
  return (
    <PublicSection
      headingId={headingId}
      tone={tone}
      eyebrow="Quality"
      title="We take care of our quality"
      intro={`Everything at ${brandName} is built to keep your investment working and your account safe.`}
      align="center"
    >
      <CardGrid columns={3}>
        <FeatureCard glyph="star" title="Best trading platform">
          Binary and Forex trading with automated software and experienced traders, in one simple dashboard.
        </FeatureCard>
        <FeatureCard glyph="layers" title="Comfortable ecosystem">
          Plans, deposits, balances, profit and withdrawals in one place, on your phone or your desktop.
        </FeatureCard>
        <FeatureCard glyph="lock" title="Trusted security with 256 bit SSL">
          Every connection is encrypted with 256 bit SSL, and every account is protected by a verified e-mail.
        </FeatureCard>
      </CardGrid>
    </PublicSection>
  );
}
