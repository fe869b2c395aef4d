import { OTP_LENGTH } from '@cryptovest/common';
import { useSite } from '../../../app/site/site';
import { GlobeArt } from '../shared/art/GlobeArt';
import { CardGrid } from '../shared/CardGrid';
import { FeatureCard } from '../shared/FeatureCard';
import { PublicSection } from '../shared/PublicSection';

/** Home "welcome" section (SPEC §2) with the four feature cards. */
export function WelcomeSection() {
  const { brandName } = useSite();
  return (
    <PublicSection
      headingId="home-welcome-heading"
      eyebrow="Welcome"
      title={`Welcome to ${brandName}`}
      intro={`${brandName} is a cryptocurrency investment and trading platform. We trade Binary and Forex markets through corporate accounts with automated trading software, and you follow every result from your own dashboard.`}
      aside={<GlobeArt />}
    >
      <CardGrid columns={4}>
        <FeatureCard glyph="userPlus" title="Open an account in minutes">
          Sign up with your name, e-mail and country, then confirm your e-mail with a {OTP_LENGTH}-digit code.
        </FeatureCard>
        <FeatureCard glyph="clock" title="Profit in 24 hours">
          Every investment plan runs for 24 hours and adds its profit to your balance when it ends.
        </FeatureCard>
        <FeatureCard glyph="wallet" title="Crypto deposits">
          Deposit bitcoin, ethereum or USDT and see every transaction and its status in your history.
        </FeatureCard>
        <FeatureCard glyph="monitor" title="A clear dashboard">
          Balance, investment, profit and transactions at a glance, on your phone or your desktop.
        </FeatureCard>
      </CardGrid>
    </PublicSection>
  );
}
