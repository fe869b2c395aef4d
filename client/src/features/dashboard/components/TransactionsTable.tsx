import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { msg, type Translate } from '@cryptovest/common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useFormat, type Formats } from '../../../app/i18n/useFormat';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { coinName } from '../../../components/coins';
import { TruncatedText } from '../../../components/TruncatedText';
import { formatDate, ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import type { MyTransactionsQuery } from '../../../generated/graphql';
import { useMyTransactionsQuery } from '../../../generated/hooks';
import { LIVE_QUERY } from '../live/refetch';
import { NoTransactions } from './NoTransactions';
import { daysOutOfOrder, isFiltered, type TransactionFilterValues } from './transactionFilters';
import { visuallyHidden } from '../../../components/visuallyHidden';

/** One transaction as listed by `myTransactions`. */
export type TransactionItem = MyTransactionsQuery['myTransactions']['items'][number];

const statusColor = { CONFIRMED: 'success', DECLINED: 'error', PENDING: 'default' } as const;

/** The status chip's words (catalogue keys): the enum's names, as the specification shows them. */
const STATUS_LABELS = { CONFIRMED: msg('CONFIRMED'), DECLINED: msg('DECLINED'), PENDING: msg('PENDING') } as const;

/** Where a transaction's timeline is (its own page). */
export const timelinePath = (t: Pick<TransactionItem, 'id'>) => `/dashboard/transactions/${t.id}`;

/**
 * The investor's columns in the reader's language; missing values show an em dash. Sized for
 * 1280 px with room to spare (issue 38 defect 2: the last column was cut to "Ti…"): the timeline
 * link is the date itself, long plans and txids are cut with their whole text on hover and focus.
 */
function columnsOf(t: Translate, { money }: Formats): PagedColumn<TransactionItem>[] {
  return [
    { header: t('Date'), cell: (trx) => <TimelineLink transaction={trx} />, nowrap: true },
    { header: t('Type'), cell: (trx) => <TrxTypeChip type={trx.trxType} /> },
    { header: t('Amount'), cell: (trx) => money(trx.amount), nowrap: true },
    { header: t('Coin'), cell: (trx) => coinName(trx.crypto), nowrap: true },
    { header: t('Plan'), cell: (trx) => <TruncatedText text={trx.plan} maxWidth={110} /> },
    {
      header: t('Expected profit'),
      // Two lines: the longest heading must not widen the table.
      headerContent: <Box sx={{ whiteSpace: 'normal', minWidth: 60, maxWidth: 72 }}>{t('Expected profit')}</Box>,
      cell: (trx) => money(trx.expectedProfit),
      nowrap: true,
    },
    {
      header: t('Status'),
      cell: (trx) => (
        <Chip size="small" variant="outlined" label={t(STATUS_LABELS[trx.status])} color={statusColor[trx.status]} />
      ),
    },
    {
      header: t('Txid'),
      cell: (trx) => <TruncatedText text={trx.transactionId} maxWidth={100} />,
    },
    { header: t('Proof'), cell: (trx) => <ProofLink url={trx.imageUrl} /> },
  ];
}

/** The date, as the link to the timeline; its name also says which transaction for screen readers. */
function TimelineLink({ transaction: trx }: { transaction: TransactionItem }) {
  const { t } = useTranslation('dashboard');
  const { money, locale } = useFormat();
  const amount = money(trx.amount);
  return (
    <Link component={RouterLink} to={timelinePath(trx)} underline="always" title={t('Open the timeline')}>
      {formatDate(trx.createdAt, locale)}
      <Box component="span" sx={visuallyHidden}>
        {trx.trxType === 'DEPOSIT'
          ? t(': timeline of the deposit of {{amount}}', { amount })
          : t(': timeline of the withdrawal of {{amount}}', { amount })}
      </Box>
    </Link>
  );
}

/** Props of TransactionsTable. */
export interface TransactionsTableProps {
  /** Rows per page: PAGE_SIZE.overview (4) or PAGE_SIZE.transactions (8). */
  pageSize: number;
  /** Accessible name of the table (translated by the caller). */
  label?: string;
  /** The overview's version: a 'See all' link to the Transactions page instead of the pagination, no frame of its own. */
  seeAll?: boolean;
  /** The Transactions page's filters (server-side); none: every transaction. */
  filters?: TransactionFilterValues;
  /** Clears the filters (offered when nothing matches them). */
  onClearFilters?: () => void;
}

/**
 * The investor's transactions, paged and filtered by the server (Overview shows 4, Transactions
 * 8); cards on phones, where nine columns can't fit (issue 14). A click or Enter anywhere on a row
 * opens its timeline (issue 38). With no transaction at all it invites the first deposit; with
 * none matching the filters it offers to clear them.
 */
export function TransactionsTable(props: TransactionsTableProps) {
  const { t } = useTranslation('dashboard');
  const formats = useFormat();
  const columns = useMemo(() => columnsOf((key, params) => t(key, params), formats), [t, formats]);
  const { pageSize, label = t('Transactions'), seeAll = false, filters = {}, onClearFilters } = props;
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const { to, ...rest } = filters;
  const query = useMyTransactionsQuery({
    ...LIVE_QUERY,
    // A last day before the first is refused by the server: the bar says so, the list ignores it.
    variables: { page: page + 1, pageSize, ...rest, ...(to && !daysOutOfOrder(filters) ? { to } : {}) },
    notifyOnNetworkStatusChange: true,
  });
  const result = (query.data ?? query.previousData)?.myTransactions;
  // From this query's own answer (a refetch in flight keeps it): never the previous filters'.
  if (query.data?.myTransactions.total === 0)
    return <NoTransactions filtered={isFiltered(filters)} onClearFilters={onClearFilters} framed={!seeAll} />;
  return (
    <Box sx={{ '& .MuiTableCell-sizeSmall': { px: 1.25 }, '& .MuiTableCell-sizeSmall:first-of-type': { pl: 2 } }}>
      <PagedTable
        label={label}
        numbered={false}
        columns={columns}
        {...pagedQueryProps(query, result, { page, pageSize, setPage })}
        minWidth={820}
        emptyText={t('No transactions on this page.')}
        phoneCards
        seeAllTo={seeAll ? '/dashboard/transactions' : undefined}
        frameless={seeAll}
        onRowOpen={(t) => navigate(timelinePath(t))}
      />
    </Box>
  );
}
