import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/invest: choose a plan, coin and amount. */
export function InvestPage() {
  return <ComingSoon title="Invest" message="Investing is coming soon." />;
}
