import { PAGE_SIZE } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '../../../components/DashboardPage';
import { TransactionFilterBar } from '../components/TransactionFilterBar';
import { TransactionsTable } from '../components/TransactionsTable';
import { filtersFromParams, withFilter, withoutFilters } from '../components/transactionFilters';

/**
 * /dashboard/transactions: every deposit and withdrawal, 8 per page (SPEC §2, §9), searched by
 * txid and filtered by type, status, coin and days on the server; the filters live in the URL
 * (issue 38), so a filtered list can be reloaded, shared and left with Back.
 */
export function TransactionsPage() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const clear = () => setParams(withoutFilters(params));
  return (
    <DashboardPage title={t('Transactions')}>
      <TransactionFilterBar
        filters={filters}
        onChange={(key, value) => setParams(withFilter(params, key, value))}
        onClear={clear}
      />
      {/* A new filter starts again at the first page. */}
      <TransactionsTable
        key={JSON.stringify(filters)}
        pageSize={PAGE_SIZE.transactions}
        filters={filters}
        onClearFilters={clear}
      />
    </DashboardPage>
  );
}
