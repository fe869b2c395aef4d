import { PageMeta } from '../../../components/PageMeta';
import { HomeHero } from './HomeHero';
import { ServicesSection } from './ServicesSection';

/** `/`: the landing page. Later issues add the remaining SPEC §2 sections around these. */
export function HomePage() {
  return (
    <>
      <PageMeta title="Crypto investment platform" />
      <HomeHero />
      <ServicesSection />
    </>
  );
}
