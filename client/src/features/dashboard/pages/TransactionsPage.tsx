import { ComingSoon } from '../../../components/ComingSoon';

/** /dashboard/transactions: the investor's own transactions. */
export function TransactionsPage() {
  return <ComingSoon title="Transactions" message="Your transaction history is coming soon." />;
}
