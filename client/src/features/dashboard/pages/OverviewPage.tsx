import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard: balances, profit and recent transactions. */
export function OverviewPage() {
  return <ComingSoon title="Dashboard" message="Your dashboard overview is coming soon." />;
}
