import { useIdempotencyKey } from '../../../app/idempotency';
import NativeSelect from '@mui/material/NativeSelect';
import { TOAST, TRANSACTION_STATUSES } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useServerErrors } from '../../../app/graphqlErrors';
import type { TrxStatus } from '../../../generated/graphql';
import { useSetTransactionStatusMutation } from '../../../generated/hooks';

/** Props of StatusSelect. */
export interface StatusSelectProps {
  id: string;
  status: TrxStatus;
  /** Accessible name, e.g. "Status of Ada Lovelace's deposit". */
  label: string;
  /** Called after the server accepted the new status (the page refetches its list). */
  onChanged: () => void;
}

/**
 * A transaction's status as a dropdown (SPEC §2): choosing a value saves it at once and toasts
 * 'transaction updated'; a refusal (e.g. CONFLICT: a balance would go negative) is toasted as an
 * error and the dropdown shows the old value again.
 */
export function StatusSelect({ id, status, label, onChanged }: StatusSelectProps) {
  const [pending, setPending] = useState<TrxStatus | null>(null);
  const [setStatus] = useSetTransactionStatusMutation();
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();

  const change = async (next: TrxStatus) => {
    if (next === status) return;
    setPending(next);
    try {
      await setStatus({ variables: { id, status: next, idempotencyKey: keys.keyFor({ id, next }) } });
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
    <NativeSelect
      value={pending ?? status}
      disabled={pending !== null}
      onChange={(event) => void change(event.target.value as TrxStatus)}
      inputProps={{ 'aria-label': label }}
      sx={{ fontSize: 14, minWidth: 130 }}
    >
      {TRANSACTION_STATUSES.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </NativeSelect>
  );
}
