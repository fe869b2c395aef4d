import { ComingSoon } from '../../../components/ComingSoon';

/** /about: company story, quality, mission (a later issue builds the full page). */
export function AboutPage() {
  return <ComingSoon title="About Us" message="The About page is coming soon." />;
}
