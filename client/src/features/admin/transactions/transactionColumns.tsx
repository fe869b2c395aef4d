import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';
import { coinName } from '../../../components/coins';
import type { PagedColumn } from '../../../components/paged';
import { formatDate, ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import { TruncatedText } from '../../../components/TruncatedText';
import type { AdminTransactionsQuery } from '../../../generated/graphql';
import { CopyValue } from '../components/CopyValue';
import type { ColumnDefaults } from '../components/useChosenColumns';
import type { Selection } from '../settlements/useSelection';
import { ChainCell } from './ChainChip';
import { ShortTxid } from './ShortTxid';
import { StatusSelect } from './StatusSelect';

/** One transaction as listed on /admin/transactions. */
export type AdminTransaction = AdminTransactionsQuery['adminTransactions']['items'][number];

/** Where the column choice of the transactions table is remembered (useChosenColumns). */
export const TRANSACTION_COLUMNS_KEY = 'cryptovest.admin.transactions.columns';

/**
 * What the table shows before anyone chooses (issue 38): at 1280 px what an admin checks first,
 * fitting without a sideways scroll; on a phone (one card per row) the date, investor, amount and status.
 */
export const TRANSACTION_COLUMN_DEFAULTS: ColumnDefaults = {
  desktop: ['Date', 'Investor', 'Type', 'Amount', 'Status', 'Transaction ID'],
  phone: ['Date', 'Investor', 'Amount', 'Status'],
};

/** Only a pending deposit can be ticked for a bulk review. */
export const isBulkReviewable = (t: Pick<AdminTransaction, 'trxType' | 'status'>) =>
  t.trxType === 'DEPOSIT' && t.status === 'PENDING';

/** Widest the investor's name and e-mail may be in the list (px): the default columns then fit 1280 px. */
const INVESTOR_MAX_WIDTH = 180;

/** The investor's name with the e-mail below it, both cut with an ellipsis. */
function InvestorCell({ t }: { t: AdminTransaction }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <TruncatedText text={t.user?.fullName} maxWidth={INVESTOR_MAX_WIDTH} fontWeight={600} />
      <TruncatedText text={t.user?.email} maxWidth={INVESTOR_MAX_WIDTH} variant="caption" color="text.secondary" />
    </Box>
  );
}

/** Options of transactionColumns. */
export interface TransactionColumnOptions {
  /** After a status change (refetch the page). */
  onChanged: () => void;
  /** The row's number across pages (the spec's S/N). */
  rowNumber: (t: AdminTransaction) => number;
}

/**
 * Every column of the spec's admin transactions table (SPEC §2: S/N, full name and e-mail as
 * "Investor", amount, chain, type, coin, status, date, plan, transaction id, wallet, proof image),
 * in the table's order; which of them show is the admin's choice (ColumnChooser).
 */
export function transactionColumns(options: TransactionColumnOptions): PagedColumn<AdminTransaction>[] {
  const { onChanged, rowNumber } = options;
  return [
    { header: 'S/N', cell: rowNumber },
    { header: 'Date', cell: (t) => formatDate(t.createdAt), nowrap: true, sortKey: 'DATE' },
    { header: 'Investor', cell: (t) => <InvestorCell t={t} /> },
    { header: 'Type', cell: (t) => <TrxTypeChip type={t.trxType} /> },
    { header: 'Amount', cell: (t) => formatMoney(t.amount), nowrap: true, sortKey: 'AMOUNT' },
    { header: 'Coin', cell: (t) => coinName(t.crypto), nowrap: true },
    {
      header: 'Status',
      cell: (t) => <StatusSelect transaction={{ ...t, owner: t.user?.fullName ?? null }} onChanged={onChanged} />,
    },
    { header: 'Transaction ID', cell: (t) => <ShortTxid value={t.transactionId} /> },
    { header: 'Chain', cell: (t) => <ChainCell transaction={t} />, nowrap: true },
    { header: 'Plan', cell: (t) => t.plan || EMPTY_VALUE },
    { header: 'Wallet', cell: (t) => <CopyValue value={t.wallet} what="wallet address" /> },
    { header: 'Proof image', cell: (t) => <ProofLink url={t.imageUrl} /> },
  ];
}

/**
 * The tick column of the bulk review: one box per pending deposit (others disabled), and one in
 * the heading for every pending deposit of the page. Always shown, never in the chooser.
 */
export function selectColumn(rows: readonly AdminTransaction[], selection: Selection): PagedColumn<AdminTransaction> {
  const ids = rows.filter(isBulkReviewable).map((t) => t.id);
  const ticked = ids.filter((id) => selection.has(id)).length;
  return {
    header: 'Select',
    headerContent: (
      <Checkbox
        size="small"
        checked={ids.length > 0 && ticked === ids.length}
        indeterminate={ticked > 0 && ticked < ids.length}
        disabled={ids.length === 0}
        onChange={(event) => selection.setMany(ids, event.target.checked)}
        slotProps={{ input: { 'aria-label': 'Select every pending deposit on this page' } }}
      />
    ),
    cell: (t) => (
      <Checkbox
        size="small"
        checked={selection.has(t.id)}
        disabled={!isBulkReviewable(t)}
        onChange={() => selection.toggle(t.id)}
        slotProps={{
          input: {
            'aria-label': isBulkReviewable(t)
              ? `Select ${t.user?.fullName ?? 'unknown user'}'s ${formatMoney(t.amount)} deposit`
              : `${t.user?.fullName ?? 'Unknown user'}'s ${formatMoney(t.amount)} ${t.trxType.toLowerCase()} is not a pending deposit`,
          },
        }}
      />
    ),
  };
}
