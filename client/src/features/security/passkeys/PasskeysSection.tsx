import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { msg } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import { useRemovePasskeyMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { SettingsSection } from '../components/SettingsSection';
import { useTimestamp } from '../components/useTimestamp';
import { writeSecurityStatus } from '../data/securityCache';
import { useStepUp } from '../step-up/stepUp';
import { passkeysSupported } from '../../../components/second-factor/webauthn';
import { RecoveryCodes } from '../authenticator/RecoveryCodes';
import { AddPasskeyDialog } from './AddPasskeyDialog';

/** A passkey as listed. */
type Passkey = SecurityStatusPartsFragment['passkeys'][number];

/** Props of PasskeysSection. */
export interface PasskeysSectionProps {
  status: SecurityStatusPartsFragment;
  /** Reloads `mySecurity` (after a passkey was added). */
  onChanged: () => void;
}

/**
 * Why an administrator's only passkey can't be removed (the server refuses it too); a catalogue
 * key, shown with `t`.
 */
export const KEEP_A_PASSKEY = msg(
  'Administrators must keep a second factor: add another passkey or an authenticator app before removing this one.',
);

/** One passkey: name, when added, when last used, and Remove (not offered for an administrator's only factor). */
function PasskeyRow({ passkey, onRemove, locked }: { passkey: Passkey; onRemove: () => void; locked: boolean }) {
  const { t } = useTranslation('security');
  const when = useTimestamp();
  const added = when(passkey.createdAt);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <KeyIcon color="secondary" aria-hidden />
      <Stack sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {passkey.lastUsedAt
            ? t('Added {{added}} · Last used {{lastUsed}}', { added, lastUsed: when(passkey.lastUsedAt) })
            : t('Added {{added}} · Last used never', { added })}
        </Typography>
      </Stack>
      <Button
        color="error"
        onClick={onRemove}
        disabled={locked}
        aria-label={t('Remove passkey {{name}}', { name: passkey.name })}
      >
        {t('Remove')}
      </Button>
    </Paper>
  );
}

/**
 * Settings → Security → Passkeys (issue 13): the list, "Add a passkey" (a name, then the
 * browser's passkey creation) and Remove with a confirmation. Adding to an account that has a
 * factor, and removing, ask for a recent proof first (issue 33); an administrator's only factor
 * can't be removed, and the first one needs the e-mailed enrolment code.
 */
export function PasskeysSection({ status, onChanged }: PasskeysSectionProps) {
  const { t } = useTranslation('security');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // The account's first second factor brings its recovery codes: shown here once.
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  const [remove, { loading: removeBusy }] = useRemovePasskeyMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const supported = passkeysSupported();
  const { passkeys } = status;
  const stepUp = useStepUp();
  const lastFactor = status.required && !status.totpEnabled && passkeys.length === 1;
  const enrolled = status.totpEnabled || passkeys.length > 0;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const result = await stepUp(() =>
        remove({
          variables: { id: removing.id },
          update: (cache, { data }) => data && writeSecurityStatus(cache, data.removePasskey.security),
        }),
      );
      if (!result) return;
      if (result.data) setToken(result.data.removePasskey.session.token); // every older session ended
      setRemoving(null);
      enqueueSnackbar(t('Passkey removed'), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsSection
      title={t('Passkeys')}
      status={
        passkeys.length > 0 && (
          <Chip size="small" color="success" label={t('{{count}} added', { count: passkeys.length })} />
        )
      }
      description={t("Sign in with your password and your device's fingerprint, face or PIN, or a security key.")}
    >
      <Stack spacing={2}>
        {passkeys.length > 0 ? (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 720 }}
            aria-label={t('Passkeys')}
          >
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                locked={lastFactor}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('No passkeys yet.')}</Typography>
        )}
        {lastFactor && (
          <Alert severity="info" sx={{ maxWidth: 640 }}>
            {t(KEEP_A_PASSKEY)}
          </Alert>
        )}
        {!supported && (
          <Alert severity="info" sx={{ maxWidth: 640 }}>
            {t('This browser cannot create passkeys. Try a recent version of Chrome, Edge, Firefox or Safari.')}
          </Alert>
        )}
        {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<KeyIcon />}
          disabled={!supported}
          onClick={() => setAdding(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('Add a passkey')}
        </Button>
      </Stack>
      {adding && (
        <AddPasskeyDialog
          needsEnrolmentCode={status.required && !enrolled}
          onClose={() => setAdding(false)}
          onAdded={(codes) => {
            setAdding(false);
            setRecoveryCodes(codes.length ? codes : null);
            onChanged();
          }}
        />
      )}
      {removing && (
        <FormDialog
          title={t('Remove passkey “{{name}}”?', { name: removing.name })}
          onClose={() => setRemoving(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmRemove();
          }}
          submitLabel={t('Remove')}
          submitDisabled={removeBusy}
          danger
        >
          <Typography>
            {t('You will no longer be able to sign in with it, and your other sessions are signed out.')}
          </Typography>
        </FormDialog>
      )}
    </SettingsSection>
  );
}
