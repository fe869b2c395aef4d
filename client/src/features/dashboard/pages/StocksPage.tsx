import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/stocks: embedded market chart. */
export function StocksPage() {
  return <ComingSoon title="Stocks" message="The market chart is coming soon." />;
}
