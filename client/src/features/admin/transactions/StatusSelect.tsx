import { useSnackbar } from 'notistack';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import NativeSelect from '@mui/material/NativeSelect';
import { TOAST, TRANSACTION_STATUSES } from '@cryptovest/common';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import type { TrxStatus } from '../../../generated/graphql';
import { useSetTransactionStatusMutation } from '../../../generated/hooks';
import { StatusReasonDialog } from './StatusReasonDialog';
import { statusEffect, type StatusChangeSubject } from './statusEffect';

/** Props of StatusSelect. */
export interface StatusSelectProps {
  /** The transaction: its id, status, and what the effect statement needs (type, amount, coin, owner). */
  transaction: StatusChangeSubject & { id: string; status: TrxStatus };
  /** Called after the server accepted the new status (the page refetches its list). */
  onChanged: () => void;
}

/** The select's accessible name, e.g. "Status of Ada Lovelace's deposit". */
export function statusLabel(t: Pick<StatusChangeSubject, 'owner' | 'trxType'>): string {
  return `Status of ${t.owner ?? 'unknown user'}'s ${t.trxType.toLowerCase()}`;
}

/**
 * A transaction's status as a dropdown (SPEC §2). Every change is asked first in a dialog that
 * states what it does to the money ("This credits $12,000 to Ada Lovelace's investment ...",
 * issue 14) with an optional reason for the investor (issue 12). A save toasts 'transaction
 * updated'; a refusal (e.g. CONFLICT: a balance would go negative) is toasted as an error and the
 * dropdown shows the old value again.
 */
export function StatusSelect({ transaction, onChanged }: StatusSelectProps) {
  const { id, status } = transaction;
  const [pending, setPending] = useState<TrxStatus | null>(null);
  const [asking, setAsking] = useState<TrxStatus | null>(null);
  const [setStatus] = useSetTransactionStatusMutation();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();

  const save = async (next: TrxStatus, reason?: string) => {
    setAsking(null);
    setPending(next);
    const variables = { id, status: next, ...(reason ? { reason } : {}) };
    try {
      await setStatus({ variables: { ...variables, idempotencyKey: keys.keyFor(variables) } });
      keys.settle();
      enqueueSnackbar(TOAST.transactionUpdated, { variant: 'success' });
      onChanged();
    } catch (error) {
      keys.settle(error);
      reportError(error);
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
        inputProps={{ 'aria-label': statusLabel(transaction) }}
        sx={{ fontSize: 14, minWidth: 130 }}
      >
        {TRANSACTION_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </NativeSelect>
      {asking && (
        <StatusReasonDialog
          status={asking}
          what={transaction.trxType.toLowerCase()}
          effect={statusEffect(transaction, asking)}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void save(asking, reason)}
        />
      )}
    </>
  );
}
