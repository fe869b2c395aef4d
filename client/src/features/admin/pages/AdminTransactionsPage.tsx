import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import type { AdminTransactionsQuery } from '../../../generated/graphql';
import { useAdminTransactionsQuery } from '../../../generated/hooks';
import { ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import { DashboardPage } from '../../dashboard/components/DashboardPage';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/PagedTable';
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

  const columns: PagedColumn<AdminTransaction>[] = [
    { header: 'Full Name', cell: (t) => t.user?.fullName || EMPTY_VALUE, nowrap: true },
    { header: 'Email', cell: (t) => t.user?.email || EMPTY_VALUE },
    { header: 'Amount', cell: (t) => formatMoney(t.amount), nowrap: true },
    { header: 'Transaction Type', cell: (t) => <TrxTypeChip type={t.trxType} /> },
    { header: 'Crypto Currency', cell: (t) => t.crypto || EMPTY_VALUE },
    {
      header: 'Status',
      cell: (t) => (
        <StatusSelect
          id={t.id}
          status={t.status}
          label={`Status of ${t.user?.fullName ?? 'unknown user'}'s ${t.trxType.toLowerCase()}`}
          what={t.trxType.toLowerCase()}
          onChanged={refetch}
        />
      ),
    },
    { header: 'Plan', cell: (t) => t.plan || EMPTY_VALUE },
    { header: 'Wallet', cell: (t) => <CopyWallet address={t.wallet} /> },
    { header: 'Image URL', cell: (t) => <ProofLink url={t.imageUrl} /> },
  ];

  return (
    <DashboardPage title="Transactions">
      <SearchBar placeholder="search by full name" onSearch={paging.setSearch} />
      <PagedTable
        label="Transactions"
        columns={columns}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.adminTransactions, paging)}
        minWidth={1240}
        emptyText="No transactions found."
      />
    </DashboardPage>
  );
}
