import { PAGE_SIZE } from '@cryptovest/common';
import { DashboardPage } from '../../../components/DashboardPage';
import { TransactionsTable } from '../components/TransactionsTable';

/** /dashboard/transactions: every deposit and withdrawal, 8 per page (SPEC §2, §9). */
export function TransactionsPage() {
  return (
    <DashboardPage title="Transactions">
      <TransactionsTable pageSize={PAGE_SIZE.transactions} />
    </DashboardPage>
  );
}
