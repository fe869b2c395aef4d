import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { TrxStatus } from '../../../generated/graphql';
import { FormDialog } from '../../../components/FormDialog';

/** Longest reason the server takes (docs/graphql.md, setTransactionStatus). */
export const MAX_REASON = 500;

/** Props of StatusReasonDialog. */
export interface StatusReasonDialogProps {
  /** The status about to be set (DECLINED, or PENDING to reopen). */
  status: TrxStatus;
  /** "deposit" or "withdrawal", for the title. */
  what: string;
  onCancel: () => void;
  /** Sends the change; `reason` is undefined when left empty. */
  onConfirm: (reason: string | undefined) => void;
}

/** The dialog's title and button for a status. */
export function reasonDialogWords(status: TrxStatus, what: string): { title: string; submit: string } {
  if (status === 'DECLINED') return { title: `Decline this ${what}?`, submit: 'Decline' };
  if (status === 'PENDING') return { title: `Set this ${what} back to pending?`, submit: 'Set to pending' };
  return { title: `Confirm this ${what}?`, submit: 'Confirm' };
}

/**
 * Asks for an optional reason before a status change other than confirming (issue 12): the
 * investor reads it on the timeline and in the notification.
 */
export function StatusReasonDialog({ status, what, onCancel, onConfirm }: StatusReasonDialogProps) {
  const [reason, setReason] = useState('');
  const words = reasonDialogWords(status, what);
  return (
    <FormDialog
      title={words.title}
      onClose={onCancel}
      submitLabel={words.submit}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason.trim() || undefined);
      }}
    >
      <TextField
        label="Reason (shown to the investor, optional)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        fullWidth
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
        helperText={`${reason.length}/${MAX_REASON}`}
      />
    </FormDialog>
  );
}
