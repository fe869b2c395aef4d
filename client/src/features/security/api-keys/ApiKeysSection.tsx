import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import type { ApiKeyPartsFragment, CreateApiKeyMutation } from '../../../generated/graphql';
import { useApiKeysQuery, useRevokeApiKeyMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { SettingsSection } from '../components/SettingsSection';
import { ApiKeyCard } from './ApiKeyCard';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

/** Props of ApiKeysSection. */
export interface ApiKeysSectionProps {
  /** Administrators may give keys the admin scopes. */
  isAdmin: boolean;
}

/**
 * Settings → Security → API keys (issue 13): the caller's keys as cards (revoked and expired
 * ones marked), "Create key" whose secret is shown once, and Revoke with a confirmation.
 */
export function ApiKeysSection({ isAdmin }: ApiKeysSectionProps) {
  const { t } = useTranslation('security');
  const query = useApiKeysQuery();
  const [revoke, { loading: revoking }] = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyMutation['createApiKey'] | null>(null);
  const [revokingKey, setRevokingKey] = useState<ApiKeyPartsFragment | null>(null);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const keys = query.data?.apiKeys;

  const confirmRevoke = async () => {
    if (!revokingKey) return;
    try {
      // The answer carries the key's id: Apollo updates the listed card by itself.
      await revoke({ variables: { id: revokingKey.id } });
      setRevokingKey(null);
      enqueueSnackbar(t('API key revoked'), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsSection
      title={t('API keys')}
      description={t(
        'Let your own programs read your account through the API without your password. A key works only for what you allow, until it expires or you revoke it.',
      )}
    >
      <Stack spacing={2}>
        {query.error && !keys && (
          <RetryAlert onRetry={() => query.refetch()}>{t('Could not load your API keys.')}</RetryAlert>
        )}
        {!query.error && !keys && <Loader label={t('Loading API keys')} />}
        {keys && keys.length === 0 && <Typography color="text.secondary">{t('No API keys yet.')}</Typography>}
        {keys && keys.length > 0 && (
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('API keys')}
            sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 880 }}
          >
            {keys.map((key) => (
              <ApiKeyCard key={key.id} apiKey={key} onRevoke={() => setRevokingKey(key)} />
            ))}
          </Stack>
        )}
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('Create key')}
        </Button>
      </Stack>
      {creating && (
        <CreateApiKeyDialog
          isAdmin={isAdmin}
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
          }}
        />
      )}
      {created && (
        <ApiKeySecretDialog name={created.apiKey.name} secret={created.secret} onClose={() => setCreated(null)} />
      )}
      {revokingKey && (
        <FormDialog
          title={t('Revoke API key “{{name}}”?', { name: revokingKey.name })}
          onClose={() => setRevokingKey(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmRevoke();
          }}
          submitLabel={t('Revoke')}
          submitDisabled={revoking}
          danger
        >
          <Typography>{t('Programs using it stop working at once. This cannot be undone.')}</Typography>
        </FormDialog>
      )}
    </SettingsSection>
  );
}
