import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import type { AdminTransactionsQuery } from '../../../generated/graphql';
import { useAdminTransactionsQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../dashboard/components/DashboardPage';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { CopyWallet } from '../components/CopyWallet';
import { SearchBar } from '../components/SearchBar';
import { useAdminPaging } from '../components/useAdminPaging';
import { StatusSelect } from '../transactions/StatusSelect';

/** One transaction as listed on /admin/transactions. */
export type AdminTransaction = AdminTransactionsQuery['adminTransactions']['items'][number];

/** /admin/transactions: every transaction, with its status as a dropdown that saves at once. */
export function AdminTransactionsPage() {
  const paging = useAdminPaging();
  const query = useAdminTransactionsQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const refetch = () => void query.refetch();

  const columns: AdminColumn<AdminTransaction>[] = [
    { header: 'Full Name', cell: (t) => t.user?.fullName || EMPTY_VALUE, nowrap: true },
    { header: 'Email', cell: (t) => t.user?.email || EMPTY_VALUE },
    { header: 'Amount', cell: (t) => formatMoney(t.amount), nowrap: true },
    {
      header: 'Transaction Type',
      cell: (t) => <Chip size="small" label={t.trxType} color={t.trxType === 'DEPOSIT' ? 'success' : 'warning'} />,
    },
    { header: 'Crypto Currency', cell: (t) => t.crypto || EMPTY_VALUE },
    {
      header: 'Status',
      cell: (t) => (
        <StatusSelect
          id={t.id}
          status={t.status}
          label={`Status of ${t.user?.fullName ?? 'unknown user'}'s ${t.trxType.toLowerCase()}`}
          onChanged={refetch}
        />
      ),
    },
    { header: 'Plan', cell: (t) => t.plan || EMPTY_VALUE },
    { header: 'Wallet', cell: (t) => <CopyWallet address={t.wallet} /> },
    {
      header: 'Image URL',
      cell: (t) =>
        t.imageUrl ? (
          <Link
            href={t.imageUrl}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
            aria-label="view proof (opens in a new tab)"
          >
            view
          </Link>
        ) : (
          EMPTY_VALUE
        ),
    },
  ];

  return (
    <DashboardPage title="Transactions">
      <SearchBar placeholder="search by full name" onSearch={paging.setSearch} />
      <AdminTable
        label="Transactions"
        columns={columns}
        result={(query.data ?? query.previousData)?.adminTransactions}
        loading={query.loading}
        failed={Boolean(query.error)}
        onRetry={() => query.refetch()}
        page={paging.page}
        pageSize={paging.variables.pageSize}
        onPageChange={paging.setPage}
        minWidth={1240}
        emptyText="No transactions found."
      />
    </DashboardPage>
  );
}
