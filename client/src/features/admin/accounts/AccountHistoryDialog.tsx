import { EMPTY_VALUE, formatMoney, ledgerBucketLabel } from '@cryptovest/common';
import type { AccountHistoryQuery } from '../../../generated/graphql';
import { useAccountHistoryQuery } from '../../../generated/hooks';
import { formatDate } from '../../../components/transactionCells';
import { FormDialog } from '../../../components/FormDialog';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { subtractDecimal } from '../components/decimal';
import { useAdminPaging } from '../components/useAdminPaging';
import type { OwnedAccount } from './accountForm';

/** One ledger entry of an account's history. */
export type LedgerItem = AccountHistoryQuery['accountHistory']['items'][number];

/** The label of a ledger entry's bucket (never the internal name, e.g. "lockedBonus"): the statements' words. */
export const bucketLabel = ledgerBucketLabel;

/** "old → new" of a ledger entry: old = amountAfter − delta, in exact decimal arithmetic. */
export function changeText(entry: Pick<LedgerItem, 'amountAfter' | 'delta'>): string {
  if (entry.amountAfter == null) return `${EMPTY_VALUE} \u2192 ${EMPTY_VALUE}`;
  const before = subtractDecimal(entry.amountAfter, entry.delta);
  return `${formatMoney(before)} \u2192 ${formatMoney(entry.amountAfter)}`;
}

const columns: PagedColumn<LedgerItem>[] = [
  { header: 'Time', cell: (e) => formatDate(e.createdAt), nowrap: true },
  { header: 'Bucket', cell: (e) => bucketLabel(e.bucket) },
  { header: 'Old \u2192 New', cell: changeText, nowrap: true },
  { header: 'Reason', cell: (e) => e.reason.replace(/_/g, ' ').toLowerCase(), nowrap: true },
  { header: 'By', cell: (e) => e.actorName ?? 'system' },
  { header: 'Note', cell: (e) => e.note || EMPTY_VALUE },
];

/** The ledger of one account (who changed which amount, when and why), paged by the server. */
export function AccountHistoryDialog({ account, onClose }: { account: OwnedAccount; onClose: () => void }) {
  const paging = useAdminPaging();
  const { page, pageSize } = paging.variables;
  const query = useAccountHistoryQuery({
    variables: { userId: account.user.id, page, pageSize },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  return (
    <FormDialog title={`History of ${account.user.fullName}`} onClose={onClose} maxWidth="lg">
      <PagedTable
        label="Account history"
        numbered={false}
        columns={columns}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.accountHistory, paging)}
        minWidth={760}
        emptyText="No changes yet."
      />
    </FormDialog>
  );
}
