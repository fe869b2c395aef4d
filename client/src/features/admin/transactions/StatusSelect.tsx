import { useSnackbar } from 'notistack';
import { serverAnswered, useIdempotencyKey } from '../../../app/api/idempotency';
import NativeSelect from '@mui/material/NativeSelect';
import { TOAST, TRANSACTION_STATUSES, type Translate } from '@cryptovest/common';
import { useId, useState } from 'react';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useServerErrors, type ServerFieldError } from '../../../app/api/graphqlErrors';
import type { TrxStatus } from '../../../generated/graphql';
import { useSetTransactionStatusMutation } from '../../../generated/hooks';
import { useAdminWords } from '../components/adminWords';
import type { ChainSubject } from './chainCheck';
import { StatusReasonDialog } from './StatusReasonDialog';
import { isSettled, SETTLED_HINT, type StatusChangeSubject } from './statusEffect';
import { STATUS_FORM_FIELDS, type StatusChange } from './statusForm';
import { statusWord } from './statusWords';

/** Props of StatusSelect. */
export interface StatusSelectProps {
  /** The transaction: id, status, what the effect statement needs (type, amount, coin, owner), chain evidence. */
  transaction: StatusChangeSubject & ChainSubject & { id: string; status: TrxStatus; settlementState?: string | null };
  /** Called after the server accepted the new status (the page refetches its list). */
  onChanged: () => void;
}

/** The select's accessible name, e.g. "Status of Ada Lovelace's deposit", in the language of `t`. */
export function statusLabel(subject: Pick<StatusChangeSubject, 'owner' | 'trxType'>, t: Translate): string {
  const name = subject.owner;
  if (subject.trxType === 'DEPOSIT')
    return name ? t("Status of {{name}}'s deposit", { name }) : t("Status of unknown user's deposit");
  return name ? t("Status of {{name}}'s withdrawal", { name }) : t("Status of unknown user's withdrawal");
}

/**
 * A transaction's status as a dropdown (SPEC §2). Every change is asked first in a dialog that
 * states what it does to the money ("This credits $12,000 to Ada Lovelace's investment ...",
 * issue 14) and what the chain says, with a reason for the investor (issue 12; required when the
 * chain does not back a deposit, issue 35) and a withdrawal's payout. A save toasts 'transaction
 * updated'; an error on one of the dialog's fields shows under it, and an outage keeps the dialog
 * for a retry with the same key; any other refusal (e.g. CONFLICT: a balance would go negative) is
 * toasted and the dropdown shows the old value again. A settled deposit offers only CONFIRMED: the
 * other options are disabled and the select is described by why (SETTLED_HINT, issue 38).
 */
export function StatusSelect({ transaction, onChanged }: StatusSelectProps) {
  const { t } = useAdminWords();
  const { id, status } = transaction;
  const [pending, setPending] = useState<TrxStatus | null>(null);
  const [asking, setAsking] = useState<TrxStatus | null>(null);
  const [setStatus] = useSetTransactionStatusMutation();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const settled = isSettled(transaction);
  const hintId = useId();

  const save = async (next: TrxStatus, change: StatusChange): Promise<ServerFieldError[]> => {
    setPending(next);
    const variables = { id, status: next, ...change };
    try {
      await setStatus({ variables: { ...variables, idempotencyKey: keys.keyFor(variables) } });
      keys.settle();
      setAsking(null);
      enqueueSnackbar(t(TOAST.transactionUpdated), { variant: 'success' });
      onChanged();
      return [];
    } catch (error) {
      keys.settle(error);
      const fields = reportError(error).fields.filter((f) => STATUS_FORM_FIELDS.includes(f.field));
      if (fields.length === 0 && serverAnswered(error)) setAsking(null);
      return fields;
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <NativeSelect
        value={pending ?? asking ?? status}
        disabled={pending !== null}
        onChange={(event) => {
          const next = event.target.value as TrxStatus;
          if (next !== status) setAsking(next);
        }}
        inputProps={{
          'aria-label': statusLabel(transaction, t),
          ...(settled ? { 'aria-describedby': hintId, title: t(SETTLED_HINT) } : {}),
        }}
        sx={{ fontSize: 14, minWidth: 130 }}
      >
        {TRANSACTION_STATUSES.map((value) => (
          <option key={value} value={value} disabled={settled && value !== 'CONFIRMED'}>
            {settled && value !== 'CONFIRMED'
              ? t('{{status}} (settled)', { status: statusWord(t, value) })
              : statusWord(t, value)}
          </option>
        ))}
      </NativeSelect>
      {settled && (
        <span id={hintId} style={visuallyHidden}>
          {t(SETTLED_HINT)}
        </span>
      )}
      {asking && (
        <StatusReasonDialog
          status={asking}
          transaction={transaction}
          onCancel={() => setAsking(null)}
          onConfirm={(change) => save(asking, change)}
        />
      )}
    </>
  );
}
