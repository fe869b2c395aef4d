import { EMPTY_VALUE, formatMoney, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@cryptovest/common';
import type { AdminTransactionsQuery, TransactionSort, TrxStatus, TrxType } from '../../../generated/graphql';
import { useAdminTransactionsQuery } from '../../../generated/hooks';
import { coinName } from '../../../components/coins';
import { formatDate, ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import { TruncatedText } from '../../../components/TruncatedText';
import { DashboardPage } from '../../../components/DashboardPage';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { CopyValue } from '../components/CopyValue';
import { NAME_MAX_WIDTH, EMAIL_MAX_WIDTH } from '../components/columnWidths';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBar } from '../components/SearchBar';
import { useAdminPaging } from '../components/useAdminPaging';
import { ChainCell } from '../transactions/ChainChip';
import { StatusSelect } from '../transactions/StatusSelect';

/** One transaction as listed on /admin/transactions. */
export type AdminTransaction = AdminTransactionsQuery['adminTransactions']['items'][number];

/** The filters of the transactions list (server arguments). */
interface TransactionFilters {
  status: TrxStatus;
  trxType: TrxType;
}

/**
 * /admin/transactions: every transaction with its date and blockchain id (issue 14) and what the
 * chain says about it (issue 35: a Chain chip, "Found on chain" for what the watcher found); the
 * status is a dropdown that asks first and states what the change does to the money. Long names and
 * e-mails are cut, and the status stays in view while the table scrolls sideways. Sorted by date
 * or amount and filtered by status and type on the server.
 */
export function AdminTransactionsPage() {
  const paging = useAdminPaging<TransactionSort, TransactionFilters>();
  const query = useAdminTransactionsQuery({ variables: paging.variables, notifyOnNetworkStatusChange: true });
  const refetch = () => void query.refetch();

  const columns: PagedColumn<AdminTransaction>[] = [
    { header: 'Full Name', cell: (t) => <TruncatedText text={t.user?.fullName} maxWidth={NAME_MAX_WIDTH} /> },
    { header: 'Email', cell: (t) => <TruncatedText text={t.user?.email} maxWidth={EMAIL_MAX_WIDTH} /> },
    { header: 'Amount', cell: (t) => formatMoney(t.amount), nowrap: true, sortKey: 'AMOUNT' },
    { header: 'Chain', cell: (t) => <ChainCell transaction={t} />, nowrap: true },
    { header: 'Transaction Type', cell: (t) => <TrxTypeChip type={t.trxType} /> },
    { header: 'Crypto Currency', cell: (t) => coinName(t.crypto), nowrap: true },
    {
      header: 'Status',
      sticky: true,
      cell: (t) => <StatusSelect transaction={{ ...t, owner: t.user?.fullName ?? null }} onChanged={refetch} />,
    },
    { header: 'Date', cell: (t) => formatDate(t.createdAt), nowrap: true, sortKey: 'DATE' },
    { header: 'Plan', cell: (t) => t.plan || EMPTY_VALUE },
    { header: 'Transaction ID', cell: (t) => <CopyValue value={t.transactionId} what="transaction id" /> },
    { header: 'Wallet', cell: (t) => <CopyValue value={t.wallet} what="wallet address" /> },
    { header: 'Image URL', cell: (t) => <ProofLink url={t.imageUrl} /> },
  ];

  return (
    <DashboardPage title="Transactions">
      <SearchBar placeholder="search by full name" onSearch={paging.setSearch}>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={TRANSACTION_STATUSES.map((value) => ({ label: value, value }))}
          value={paging.filters.status}
          onChange={(value) => paging.setFilter('status', value)}
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          options={TRANSACTION_TYPES.map((value) => ({ label: value, value }))}
          value={paging.filters.trxType}
          onChange={(value) => paging.setFilter('trxType', value)}
        />
      </SearchBar>
      <PagedTable
        label="Transactions"
        columns={columns}
        sorting={paging.sorting}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.adminTransactions, paging)}
        minWidth={1640}
        emptyText="No transactions found."
      />
    </DashboardPage>
  );
}
