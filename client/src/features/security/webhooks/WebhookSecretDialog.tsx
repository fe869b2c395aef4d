import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { CopyButton } from '../components/CopyButton';
import { SecretField } from '../components/SecretField';
import { useTimestamp } from '../components/useTimestamp';

/** Props of WebhookSecretDialog. */
export interface WebhookSecretDialogProps {
  /** Already translated. */
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
  const { t } = useTranslation('security');
  const when = useTimestamp();
  return (
    <FormDialog title={title} onClose={onClose} closeLabel={t('I have copied it')}>
      <Stack spacing={2.5}>
        <Alert severity="warning">
          {t('Copy this signing secret now and keep it where your receiver can read it. You will not see it again.')}
        </Alert>
        {previousValidUntil && (
          <Alert severity="info">
            {t(
              'Until {{until}}, deliveries are also signed with the previous secret, so your receiver keeps working while you switch it over.',
              { until: when(previousValidUntil) },
            )}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <SecretField label={t('Signing secret')} value={secret} />
          <CopyButton text={secret} label={t('Copy secret')} sx={{ flexShrink: 0 }} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <Trans
            t={t}
            i18nKey="Your receiver checks the <code>webhook-signature</code> header of every request with this secret (Standard Webhooks): see the Webhooks guide in the documentation."
            components={{ code: <code /> }}
          />
        </Typography>
      </Stack>
    </FormDialog>
  );
}
