import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../components/CopyButton';
import { SecretField } from '../components/SecretField';
import { FormDialog } from '../../../components/FormDialog';

/** Props of ApiKeySecretDialog. */
export interface ApiKeySecretDialogProps {
  name: string;
  secret: string;
  onClose: () => void;
}

/**
 * A new key's secret, shown this once: read-only in monospace with Copy, a clear "you will not
 * see it again", and how to send it. Closed only on purpose (not by a stray click outside).
 */
export function ApiKeySecretDialog({ name, secret, onClose }: ApiKeySecretDialogProps) {
  return (
    <FormDialog title={`API key “${name}” created`} onClose={onClose} closeLabel="I have copied it">
      <Stack spacing={2.5}>
        <Alert severity="warning">
          Copy this key now and keep it somewhere safe. You will not see it again: we only keep a fingerprint of it.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <SecretField label="API key" value={secret} />
          <CopyButton text={secret} label="Copy key" sx={{ flexShrink: 0 }} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Send it with each request as <code>X-Api-Key: {'<key>'}</code> or <code>Authorization: Bearer {'<key>'}</code>
          .
        </Typography>
      </Stack>
    </FormDialog>
  );
}
