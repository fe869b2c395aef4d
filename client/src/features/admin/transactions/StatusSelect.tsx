import { useIdempotencyKey } from '../../../app/idempotency';
import NativeSelect from '@mui/material/NativeSelect';
import { TOAST, TRANSACTION_STATUSES } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useServerErrors } from '../../../app/graphqlErrors';
import type { TrxStatus } from '../../../generated/graphql';
import { useSetTransactionStatusMutation } from '../../../generated/hooks';
import { StatusReasonDialog } from './StatusReasonDialog';

/** Props of StatusSelect. */
export interface StatusSelectProps {
  id: string;
  status: TrxStatus;
  /** Accessible name, e.g. "Status of Ada Lovelace's deposit". */
  label: string;
  /** "deposit" or "withdrawal", for the reason dialog's title. */
  what?: string;
  /** Called after the server accepted the new status (the page refetches its list). */
  onChanged: () => void;
}

/**
 * A transaction's status as a dropdown (SPEC §2): CONFIRMED saves at once; declining or setting
 * back to pending first asks for an optional reason for the investor (issue 12). A save toasts
 * 'transaction updated'; a refusal (e.g. CONFLICT: a balance would go negative) is toasted as an
 * error and the dropdown shows the old value again.
 */
export function StatusSelect({ id, status, label, what = 'transaction', onChanged }: StatusSelectProps) {
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

  const choose = (next: TrxStatus) => {
    if (next === status) return;
    if (next === 'CONFIRMED') void save(next);
    else setAsking(next);
  };

  return (
    <>
      <NativeSelect
        value={pending ?? asking ?? status}
        disabled={pending !== null}
        onChange={(event) => choose(event.target.value as TrxStatus)}
        inputProps={{ 'aria-label': label }}
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
          what={what}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void save(asking, reason)}
        />
      )}
    </>
  );
}
