import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { CopyButton } from '../components/CopyButton';
import { SecretField } from '../components/SecretField';
import { FormDialog } from '../../../components/FormDialog';

/** Props of ApiKeySecretDialog. */
export interface ApiKeySecretDialogProps {
  name: string;
  secret: string;
  onClose: () => void;
}

/** How a request carries the key: code samples, the same in every language. */
const API_KEY_HEADER = 'X-Api-Key: <key>';
const BEARER_HEADER = 'Authorization: Bearer <key>';

/**
 * A new key's secret, shown this once: read-only in monospace with Copy, a clear "you will not
 * see it again", and how to send it. Closed only on purpose (not by a stray click outside).
 */
export function ApiKeySecretDialog({ name, secret, onClose }: ApiKeySecretDialogProps) {
  const { t } = useTranslation('security');
  return (
    <FormDialog title={t('API key “{{name}}” created', { name })} onClose={onClose} closeLabel={t('I have copied it')}>
      <Stack spacing={2.5}>
        <Alert severity="warning">
          {t(
            'Copy this key now and keep it somewhere safe. You will not see it again: we only keep a fingerprint of it.',
          )}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <SecretField label={t('API key')} value={secret} />
          <CopyButton text={secret} label={t('Copy key')} sx={{ flexShrink: 0 }} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <Trans
            t={t}
            i18nKey="Send it with each request as <header/> or <bearer/>."
            components={{ header: <code>{API_KEY_HEADER}</code>, bearer: <code>{BEARER_HEADER}</code> }}
          />
        </Typography>
      </Stack>
    </FormDialog>
  );
}
