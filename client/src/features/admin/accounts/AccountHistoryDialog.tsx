import { EMPTY_VALUE, ledgerBucketLabel, msg } from '@cryptovest/common';
import { useMemo } from 'react';
import type { AccountHistoryQuery } from '../../../generated/graphql';
import { useAccountHistoryQuery } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { PagedTable, pagedQueryProps, type PagedColumn } from '../../../components/paged';
import { ENGLISH, useAdminWords, type AdminWords } from '../components/adminWords';
import { subtractDecimal } from '../components/decimal';
import { bucketWords, historyReasonWords } from '../components/ledgerWords';
import { translatedColumns } from '../components/translatedColumns';
import { useAdminPaging } from '../components/useAdminPaging';
import type { OwnedAccount } from './accountForm';

/** One ledger entry of an account's history. */
export type LedgerItem = AccountHistoryQuery['accountHistory']['items'][number];

/** The label of a ledger entry's bucket (never the internal name, e.g. "lockedBonus"): the statements' words, in English. */
export const bucketLabel = ledgerBucketLabel;

/**
 * "old → new" of a ledger entry: old = amountAfter − delta, in exact decimal arithmetic; money in
 * the format of `words` (English by default).
 */
export function changeText(entry: Pick<LedgerItem, 'amountAfter' | 'delta'>, { money }: AdminWords = ENGLISH): string {
  if (entry.amountAfter == null) return `${EMPTY_VALUE} \u2192 ${EMPTY_VALUE}`;
  const before = subtractDecimal(entry.amountAfter, entry.delta);
  return `${money(before)} \u2192 ${money(entry.amountAfter)}`;
}

/** The history's columns (headers are catalogue keys), in the reader's words and formats. */
function historyColumns(words: AdminWords): PagedColumn<LedgerItem>[] {
  const { t, stamp } = words;
  return [
    { header: msg('Time'), cell: (e) => stamp(e.createdAt), nowrap: true },
    { header: msg('Bucket'), cell: (e) => bucketWords(t, e.bucket) },
    { header: msg('Old \u2192 New'), cell: (e) => changeText(e, words), nowrap: true },
    { header: msg('Reason'), cell: (e) => historyReasonWords(t, e.reason), nowrap: true },
    { header: msg('By'), cell: (e) => e.actorName ?? t('system') },
    { header: msg('Note'), cell: (e) => e.note || EMPTY_VALUE },
  ];
}

/** The ledger of one account (who changed which amount, when and why), paged by the server. */
export function AccountHistoryDialog({ account, onClose }: { account: OwnedAccount; onClose: () => void }) {
  const words = useAdminWords();
  const { t } = words;
  const columns = useMemo(() => translatedColumns(historyColumns(words), t), [words, t]);
  const paging = useAdminPaging();
  const { page, pageSize } = paging.variables;
  const query = useAccountHistoryQuery({
    variables: { userId: account.user.id, page, pageSize },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  return (
    <FormDialog title={t('History of {{name}}', { name: account.user.fullName })} onClose={onClose} maxWidth="lg">
      <PagedTable
        label={t('Account history')}
        numbered={false}
        columns={columns}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.accountHistory, paging)}
        minWidth={760}
        emptyText={t('No changes yet.')}
      />
    </FormDialog>
  );
}
