import { ComingSoon } from '../../../components/ComingSoon';

/** /admin/transactions: all transactions and their status. */
export function AdminTransactionsPage() {
  return <ComingSoon title="Transactions" message="Transaction management is coming soon." />;
}
