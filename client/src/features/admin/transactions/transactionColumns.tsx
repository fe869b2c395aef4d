import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { EMPTY_VALUE, msg } from '@cryptovest/common';
import { coinName } from '../../../components/coins';
import type { PagedColumn } from '../../../components/paged';
import { ProofLink, TrxTypeChip } from '../../../components/transactionCells';
import { TruncatedText } from '../../../components/TruncatedText';
import type { AdminTransactionsQuery } from '../../../generated/graphql';
import type { AdminWords } from '../components/adminWords';
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
 * What the table shows before anyone chooses (issue 38; headers are the English catalogue keys): at 1280 px what an admin checks first,
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
  /** The reader's words and formats (useAdminWords). */
  words: AdminWords;
}

/**
 * Every column of the spec's admin transactions table (SPEC §2: S/N, full name and e-mail as
 * "Investor", amount, chain, type, coin, status, date, plan, transaction id, wallet, proof image),
 * in the table's order; which of them show is the admin's choice (ColumnChooser). Headers are
 * English catalogue keys (the choice is remembered by them), translated where shown.
 */
export function transactionColumns(options: TransactionColumnOptions): PagedColumn<AdminTransaction>[] {
  const { onChanged, rowNumber, words } = options;
  const { money, stamp } = words;
  const wallet = words.t('wallet address');
  return [
    { header: msg('S/N'), cell: rowNumber },
    { header: msg('Date'), cell: (row) => stamp(row.createdAt), nowrap: true, sortKey: 'DATE' },
    { header: msg('Investor'), cell: (row) => <InvestorCell t={row} /> },
    { header: msg('Type'), cell: (row) => <TrxTypeChip type={row.trxType} /> },
    { header: msg('Amount'), cell: (row) => money(row.amount), nowrap: true, sortKey: 'AMOUNT' },
    { header: msg('Coin'), cell: (row) => coinName(row.crypto), nowrap: true },
    {
      header: msg('Status'),
      cell: (row) => <StatusSelect transaction={{ ...row, owner: row.user?.fullName ?? null }} onChanged={onChanged} />,
    },
    { header: msg('Transaction ID'), cell: (row) => <ShortTxid value={row.transactionId} /> },
    { header: msg('Chain'), cell: (row) => <ChainCell transaction={row} />, nowrap: true },
    { header: msg('Plan'), cell: (row) => row.plan || EMPTY_VALUE },
    { header: msg('Wallet'), cell: (row) => <CopyValue value={row.wallet} what={wallet} /> },
    { header: msg('Proof image'), cell: (row) => <ProofLink url={row.imageUrl} /> },
  ];
}

/** A tick box's name: whose deposit it ticks, or why a row cannot be ticked. */
function tickLabel(row: AdminTransaction, t: AdminWords['t'], money: AdminWords['money']): string {
  const name = row.user?.fullName;
  const amount = money(row.amount);
  if (isBulkReviewable(row))
    return name
      ? t("Select {{name}}'s {{amount}} deposit", { name, amount })
      : t("Select unknown user's {{amount}} deposit", { amount });
  if (row.trxType === 'DEPOSIT')
    return name
      ? t("{{name}}'s {{amount}} deposit is not a pending deposit", { name, amount })
      : t("Unknown user's {{amount}} deposit is not a pending deposit", { amount });
  return name
    ? t("{{name}}'s {{amount}} withdrawal is not a pending deposit", { name, amount })
    : t("Unknown user's {{amount}} withdrawal is not a pending deposit", { amount });
}

/**
 * The tick column of the bulk review: one box per pending deposit (others disabled), and one in
 * the heading for every pending deposit of the page. Always shown, never in the chooser.
 */
export function selectColumn(
  rows: readonly AdminTransaction[],
  selection: Selection,
  { t, money }: AdminWords,
): PagedColumn<AdminTransaction> {
  const ids = rows.filter(isBulkReviewable).map((row) => row.id);
  const ticked = ids.filter((id) => selection.has(id)).length;
  return {
    header: msg('Select'),
    headerContent: (
      <Checkbox
        size="small"
        checked={ids.length > 0 && ticked === ids.length}
        indeterminate={ticked > 0 && ticked < ids.length}
        disabled={ids.length === 0}
        onChange={(event) => selection.setMany(ids, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('Select every pending deposit on this page') } }}
      />
    ),
    cell: (row) => (
      <Checkbox
        size="small"
        checked={selection.has(row.id)}
        disabled={!isBulkReviewable(row)}
        onChange={() => selection.toggle(row.id)}
        slotProps={{ input: { 'aria-label': tickLabel(row, t, money) } }}
      />
    ),
  };
}
