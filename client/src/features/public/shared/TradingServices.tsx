import { useTranslation } from 'react-i18next';
import { CardGrid } from './CardGrid';
import { FeatureCard } from './FeatureCard';
import { TRADING_SERVICES } from './tradingServices';

/** The trading-services card grid, shared by the home page's #services section and /services. */
export function TradingServices() {
  const { t } = useTranslation('public');
  return (
    <CardGrid columns={3}>
      {TRADING_SERVICES.map((service) => (
        <FeatureCard key={service.title} glyph={service.glyph} title={t(service.title)}>
          {t(service.text)}
        </FeatureCard>
      ))}
    </CardGrid>
  );
}
