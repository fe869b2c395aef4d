import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../../components/FormDialog';
import { formatDate } from '../../../components/transactionCells';
import { CopyButton } from '../components/CopyButton';
import { SecretField } from '../components/SecretField';

/** Props of WebhookSecretDialog. */
export interface WebhookSecretDialogProps {
  title: string;
  /** The `whsec_…` signing secret, shown this once. */
  secret: string;
  /** After a rotation: until when deliveries are also signed with the previous secret. */
  previousValidUntil?: string | null;
  onClose: () => void;
}

/**
 * An endpoint's signing secret, shown this once (after "Add endpoint" and "Rotate secret"):
 * read-only in monospace with Copy, a clear "you will not see it again", and how receivers use it.
 * Closed only on purpose (not by a stray click outside).
 */
export function WebhookSecretDialog({ title, secret, previousValidUntil, onClose }: WebhookSecretDialogProps) {
  return (
    <FormDialog title={title} onClose={onClose} closeLabel="I have copied it">
      <Stack spacing={2.5}>
        <Alert severity="warning">
          Copy this signing secret now and keep it where your receiver can read it. You will not see it again.
        </Alert>
        {previousValidUntil && (
          <Alert severity="info">
            Until {formatDate(previousValidUntil)}, deliveries are also signed with the previous secret, so your
            receiver keeps working while you switch it over.
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <SecretField label="Signing secret" value={secret} />
          <CopyButton text={secret} label="Copy secret" sx={{ flexShrink: 0 }} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Your receiver checks the <code>webhook-signature</code> header of every request with this secret (Standard
          Webhooks): see the Webhooks guide in the documentation.
        </Typography>
      </Stack>
    </FormDialog>
  );
}
