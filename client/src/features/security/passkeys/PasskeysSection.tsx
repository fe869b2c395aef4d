import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToasts } from '../../../app/toasts/toasts';
import { useState } from 'react';
import { useServerErrors } from '../../../app/graphqlErrors';
import { formatDate } from '../../../components/transactionCells';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import { useRemovePasskeyMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { SettingsSection } from '../components/SettingsSection';
import { writeSecurityStatus } from '../data/securityCache';
import { passkeysSupported } from '../webauthn';
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

/** One passkey: name, when added, when last used, and Remove. */
function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
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
          Added {formatDate(passkey.createdAt)} · Last used{' '}
          {passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : 'never'}
        </Typography>
      </Stack>
      <Button color="error" onClick={onRemove} aria-label={`Remove passkey ${passkey.name}`}>
        Remove
      </Button>
    </Paper>
  );
}

/**
 * Settings → Security → Passkeys (issue 13): the list, "Add a passkey" (a name, then the
 * browser's passkey creation) and Remove with a confirmation.
 */
export function PasskeysSection({ status, onChanged }: PasskeysSectionProps) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // The account's first second factor brings its recovery codes: shown here once.
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  const [remove, { loading: removeBusy }] = useRemovePasskeyMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useToasts();
  const supported = passkeysSupported();
  const { passkeys } = status;
  const lastFactor = status.required && !status.totpEnabled && passkeys.length === 1;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove({
        variables: { id: removing.id },
        update: (cache, { data }) => data && writeSecurityStatus(cache, data.removePasskey),
      });
      setRemoving(null);
      enqueueSnackbar('Passkey removed', { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsSection
      title="Passkeys"
      status={passkeys.length > 0 && <Chip size="small" color="success" label={`${passkeys.length} added`} />}
      description="Sign in with your password and your device's fingerprint, face or PIN, or a security key."
    >
      <Stack spacing={2}>
        {passkeys.length > 0 ? (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 720 }}
            aria-label="Passkeys"
          >
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">No passkeys yet.</Typography>
        )}
        {!supported && (
          <Alert severity="info" sx={{ maxWidth: 640 }}>
            This browser cannot create passkeys. Try a recent version of Chrome, Edge, Firefox or Safari.
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
          Add a passkey
        </Button>
      </Stack>
      {adding && (
        <AddPasskeyDialog
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
          title={`Remove passkey “${removing.name}”?`}
          onClose={() => setRemoving(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmRemove();
          }}
          submitLabel="Remove"
          submitDisabled={removeBusy}
          danger
        >
          <Typography>You will no longer be able to sign in with it.</Typography>
          {lastFactor && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Administrators must use two-factor sign-in: the back office stays locked until you set up an authenticator
              app or a passkey again.
            </Alert>
          )}
        </FormDialog>
      )}
    </SettingsSection>
  );
}
