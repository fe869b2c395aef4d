import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { TrxStatus } from '../../../generated/graphql';
import { FormDialog } from '../../../components/FormDialog';

/** Longest reason the server takes (docs/graphql.md, setTransactionStatus). */
export const MAX_REASON = 500;

/** Props of StatusReasonDialog. */
export interface StatusReasonDialogProps {
  /** The status about to be set. */
  status: TrxStatus;
  /** "deposit" or "withdrawal", for the title. */
  what: string;
  /** What the change does to the investor's money (statusEffect); null when no money moves. */
  effect: string | null;
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
 * Asks before a status change: states what it does to the money (issue 14: "credits $12,000 to
 * Ada Lovelace's investment"), and takes an optional reason the investor reads on the timeline
 * and in the notification (issue 12).
 */
export function StatusReasonDialog({ status, what, effect, onCancel, onConfirm }: StatusReasonDialogProps) {
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
      <Stack spacing={2}>
        <Alert severity={effect ? 'warning' : 'info'} variant="outlined">
          {effect ?? 'No money moves: only the status changes.'}
        </Alert>
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
      </Stack>
    </FormDialog>
  );
}
