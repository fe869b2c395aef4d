import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Translate } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useState } from 'react';
import type { ServerFieldError } from '../../../app/api/graphqlErrors';
import type { TrxStatus } from '../../../generated/graphql';
import { FormDialog } from '../../../components/FormDialog';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useAdminWords } from '../components/adminWords';
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

/**
 * The dialog's title and button for a status, so the admin reads what the click does, in the
 * language of `t` (one whole question per type: each language words it its own way).
 */
export function reasonDialogWords(status: TrxStatus, trxType: string, t: Translate): { title: string; submit: string } {
  const deposit = trxType === 'DEPOSIT';
  if (status === 'DECLINED')
    return { title: deposit ? t('Decline this deposit?') : t('Decline this withdrawal?'), submit: t('Decline') };
  if (status === 'PENDING')
    return {
      title: deposit ? t('Set this deposit back to pending?') : t('Set this withdrawal back to pending?'),
      submit: t('Set to pending'),
    };
  return { title: deposit ? t('Confirm this deposit?') : t('Confirm this withdrawal?'), submit: t('Confirm') };
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
  const adminWords = useAdminWords();
  const { t, locale } = adminWords;
  // The server may know better than the list (a newer look at the chain): its CONFLICT on `reason` requires it too.
  const [mustExplain, setMustExplain] = useState(() => needsOverrideReason(transaction, status));
  const payout = status === 'CONFIRMED' && transaction.trxType === 'WITHDRAWAL';
  const words = reasonDialogWords(status, transaction.trxType, t);
  const effect = statusEffect(transaction, status, adminWords);
  const form = useFormik<StatusFormValues>({
    initialValues: EMPTY_STATUS_FORM,
    validationSchema: statusFormSchema({ reasonRequired: mustExplain, locale }),
    onSubmit: async (values, { setFieldError }) => {
      const fields = await onConfirm(statusChange(values, { payout, locale }));
      for (const { field, message } of fields) setFieldError(field, message);
      if (fields.some((f) => f.field === 'reason')) setMustExplain(true);
    },
  });
  const reasonField = textFieldProps(form, 'reason', 'admin');
  const txidField = textFieldProps(form, 'payoutTxid', 'admin');
  const feeField = textFieldProps(form, 'payoutFee', 'admin');
  const reasonHint = reasonField.helperText ?? (mustExplain ? t(OVERRIDE_REASON_HINT) : undefined);
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
          {effect ?? t('No money moves: only the status changes.')}
        </Alert>
        <ChainEvidence transaction={transaction} />
        {payout && (
          <>
            <TextField
              label={t('Payout transaction id')}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: MAX_PAYOUT_TXID, spellCheck: false } }}
              {...txidField}
              helperText={
                txidField.helperText ??
                t("Optional: the payout's id on chain; the chain watcher checks it pays the investor's address.")
              }
            />
            <TextField
              label={t('Fee (USD)')}
              fullWidth
              slotProps={dollar}
              {...feeField}
              helperText={feeField.helperText ?? t('Optional: the fee taken, with the payout id.')}
            />
          </>
        )}
        <TextField
          label={mustExplain ? t('Reason (shown to the investor)') : t('Reason (shown to the investor, optional)')}
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
