import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useState } from 'react';
import type { ServerFieldError } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { TrxStatus } from '../../../generated/graphql';
import { FormDialog } from '../../../components/FormDialog';
import { ChainEvidence } from './ChainChip';
import { needsOverrideReason, OVERRIDE_REASON_HINT, type ChainSubject } from './chainCheck';
import { statusEffect, type StatusChangeSubject } from './statusEffect';
import {
  EMPTY_STATUS_FORM,
  MAX_PAYOUT_TXID,
  MAX_REASON,
  statusChange,
  statusFormSchema,
  type StatusChange,
  type StatusFormValues,
} from './statusForm';

/** Props of StatusReasonDialog. */
export interface StatusReasonDialogProps {
  /** The status about to be set. */
  status: TrxStatus;
  /** The transaction: what the effect statement needs (type, amount, coin, owner) and its chain evidence. */
  transaction: StatusChangeSubject & ChainSubject;
  onCancel: () => void;
  /**
   * Sends the change (empty fields left out); resolves with the server's errors on the dialog's
   * fields, shown under them (none when it went through, or when the refusal was only toasted).
   */
  onConfirm: (change: StatusChange) => Promise<readonly ServerFieldError[]>;
}

/** The dialog's title and button for a status, so the admin reads what the click does. */
export function reasonDialogWords(status: TrxStatus, what: string): { title: string; submit: string } {
  if (status === 'DECLINED') return { title: `Decline this ${what}?`, submit: 'Decline' };
  if (status === 'PENDING') return { title: `Set this ${what} back to pending?`, submit: 'Set to pending' };
  return { title: `Confirm this ${what}?`, submit: 'Confirm' };
}

const dollar = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/**
 * Asks before a status change: states what it does to the money (issue 14), shows what the chain
 * says (issue 35) and takes a reason the investor reads on the timeline (issue 12), required when
 * the chain does not back a deposit being confirmed; confirming a withdrawal may record its payout.
 */
export function StatusReasonDialog({ status, transaction, onCancel, onConfirm }: StatusReasonDialogProps) {
  // The server may know better than the list (a newer look at the chain): its CONFLICT on `reason` requires it too.
  const [mustExplain, setMustExplain] = useState(() => needsOverrideReason(transaction, status));
  const payout = status === 'CONFIRMED' && transaction.trxType === 'WITHDRAWAL';
  const what = transaction.trxType.toLowerCase();
  const words = reasonDialogWords(status, what);
  const effect = statusEffect(transaction, status);
  const form = useFormik<StatusFormValues>({
    initialValues: EMPTY_STATUS_FORM,
    validationSchema: statusFormSchema({ reasonRequired: mustExplain }),
    onSubmit: async (values, { setFieldError }) => {
      const fields = await onConfirm(statusChange(values, { payout }));
      for (const { field, message } of fields) setFieldError(field, message);
      if (fields.some((f) => f.field === 'reason')) setMustExplain(true);
    },
  });
  const reasonField = textFieldProps(form, 'reason');
  const txidField = textFieldProps(form, 'payoutTxid');
  const feeField = textFieldProps(form, 'payoutFee');
  const reasonHint = reasonField.helperText ?? (mustExplain ? OVERRIDE_REASON_HINT : undefined);
  const unexplained = mustExplain && !form.values.reason.trim();

  return (
    <FormDialog
      title={words.title}
      onClose={onCancel}
      submitLabel={words.submit}
      onSubmit={form.handleSubmit}
      submitDisabled={form.isSubmitting || !form.isValid || unexplained}
    >
      <Stack spacing={2}>
        <Alert severity={effect ? 'warning' : 'info'} variant="outlined">
          {effect ?? 'No money moves: only the status changes.'}
        </Alert>
        <ChainEvidence transaction={transaction} />
        {payout && (
          <>
            <TextField
              label="Payout transaction id"
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: MAX_PAYOUT_TXID, spellCheck: false } }}
              {...txidField}
              helperText={
                txidField.helperText ??
                "Optional: the payout's id on chain; the chain watcher checks it pays the investor's address."
              }
            />
            <TextField
              label="Fee (USD)"
              fullWidth
              slotProps={dollar}
              {...feeField}
              helperText={feeField.helperText ?? 'Optional: the fee taken, with the payout id.'}
            />
          </>
        )}
        <TextField
          label={mustExplain ? 'Reason (shown to the investor)' : 'Reason (shown to the investor, optional)'}
          required={mustExplain}
          fullWidth
          multiline
          minRows={3}
          autoFocus={!payout}
          slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
          {...reasonField}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{reasonHint}</span>
              <span>{`${form.values.reason.length}/${MAX_REASON}`}</span>
            </Box>
          }
        />
      </Stack>
    </FormDialog>
  );
}
