import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { coinName } from '../../../components/coins';
import { formatDate, ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import type { MyTransactionsQuery } from '../../../generated/graphql';
import { useMyTransactionsQuery } from '../../../generated/hooks';
import { LIVE_QUERY } from '../live/refetch';

/** One transaction as listed by `myTransactions`. */
export type TransactionItem = MyTransactionsQuery['myTransactions']['items'][number];

const statusColor = { CONFIRMED: 'success', DECLINED: 'error', PENDING: 'default' } as const;

/** The investor's columns; missing values show an em dash. */
const columns: PagedColumn<TransactionItem>[] = [
  { header: 'Date', cell: (t) => formatDate(t.createdAt), nowrap: true },
  { header: 'Type', cell: (t) => <TrxTypeChip type={t.trxType} /> },
  { header: 'Amount', cell: (t) => formatMoney(t.amount), nowrap: true },
  { header: 'Crypto', cell: (t) => coinName(t.crypto) },
  { header: 'Plan', cell: (t) => t.plan || EMPTY_VALUE },
  { header: 'Expected profit', cell: (t) => formatMoney(t.expectedProfit), nowrap: true },
  {
    header: 'Status',
    cell: (t) => <Chip size="small" variant="outlined" label={t.status} color={statusColor[t.status]} />,
  },
  { header: 'Proof', cell: (t) => <ProofLink url={t.imageUrl} /> },
  { header: 'Details', cell: (t) => <TimelineLink transaction={t} />, nowrap: true },
];

/** Opens the transaction's timeline (its own page); the name says which one for screen readers. */
function TimelineLink({ transaction: t }: { transaction: TransactionItem }) {
  return (
    <Link
      component={RouterLink}
      to={`/dashboard/transactions/${t.id}`}
      underline="always"
      aria-label={`Timeline of the ${t.trxType.toLowerCase()} of ${formatMoney(t.amount)} on ${formatDate(t.createdAt)}`}
    >
      Timeline
    </Link>
  );
}

/** Props of TransactionsTable. */
export interface TransactionsTableProps {
  /** Rows per page: PAGE_SIZE.overview (4) or PAGE_SIZE.transactions (8). */
  pageSize: number;
  /** Accessible name of the table. */
  label?: string;
  /** The overview's version: a 'See all' link to the Transactions page instead of the pagination, no frame of its own. */
  seeAll?: boolean;
}

/**
 * The investor's transactions, paged by the server (Overview shows 4, Transactions 8); cards on
 * phones, where nine columns can't fit (issue 14).
 */
export function TransactionsTable({ pageSize, label = 'Transactions', seeAll = false }: TransactionsTableProps) {
  const [page, setPage] = useState(0);
  const query = useMyTransactionsQuery({
    ...LIVE_QUERY,
    variables: { page: page + 1, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  return (
    <PagedTable
      label={label}
      numbered={false}
      columns={columns}
      {...pagedQueryProps(query, (query.data ?? query.previousData)?.myTransactions, { page, pageSize, setPage })}
      minWidth={900}
      emptyText="No transactions yet."
      phoneCards
      seeAllTo={seeAll ? '/dashboard/transactions' : undefined}
      frameless={seeAll}
    />
  );
}
