import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToasts } from '../../../app/toasts/toasts';
import { useState } from 'react';
import { useServerErrors } from '../../../app/graphqlErrors';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import {
  useDisableTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useStartTotpEnrolmentMutation,
} from '../../../generated/hooks';
import { SettingsSection } from '../components/SettingsSection';
import { writeSecurityStatus } from '../data/securityCache';
import { CodeDialog } from './CodeDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSetup, type TotpEnrolment } from './TotpSetup';

/** Props of AuthenticatorSection. */
export interface AuthenticatorSectionProps {
  status: SecurityStatusPartsFragment;
  /** Reloads `mySecurity` (after the authenticator was turned on). */
  onChanged: () => void;
}

/** At or below this many recovery codes left, the section suggests making new ones. */
const FEW_CODES_LEFT = 3;

/** What the section shows besides its summary. */
type Panel = { kind: 'setup'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | null;

/**
 * Settings → Security → Authenticator app (issue 13): set it up (QR code, key, first code, then
 * the recovery codes once); when on, how many recovery codes are left, "New recovery codes" and
 * "Turn off", each confirmed with a current code.
 */
export function AuthenticatorSection({ status, onChanged }: AuthenticatorSectionProps) {
  const [panel, setPanel] = useState<Panel>(null);
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  const [start, { loading: starting }] = useStartTotpEnrolmentMutation();
  const [disable] = useDisableTotpMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useToasts();
  const on = status.totpEnabled;
  const lastFactor = on && status.required && status.passkeys.length === 0;

  const beginSetup = async () => {
    try {
      const { data } = await start();
      if (data) setPanel({ kind: 'setup', enrolment: data.startTotpEnrolment });
    } catch (error) {
      reportError(error);
    }
  };

  const turnOff = async (code: string) => {
    await disable({
      variables: { code },
      update: (cache, { data }) => data && writeSecurityStatus(cache, data.disableTotp),
    });
    setDialog(null);
    enqueueSnackbar('Authenticator app turned off', { variant: 'success' });
  };

  const newCodes = async (code: string) => {
    const { data } = await regenerate({ variables: { code } });
    if (!data) throw new Error('regenerateRecoveryCodes answered without codes');
    setDialog(null);
    setPanel({ kind: 'codes', codes: data.regenerateRecoveryCodes });
    onChanged();
  };

  return (
    <SettingsSection
      title="Authenticator app"
      // Keyed: a new chip, not a colour transition through low-contrast mixes of grey and green.
      status={
        <Chip key={on ? 'on' : 'off'} size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} />
      }
      description="Sign in with your password and a code from an app on your phone that changes every 30 seconds."
    >
      {panel?.kind === 'setup' && (
        <TotpSetup
          enrolment={panel.enrolment}
          onCancel={() => setPanel(null)}
          onConfirmed={(codes) => {
            setPanel({ kind: 'codes', codes });
            enqueueSnackbar('Authenticator app turned on', { variant: 'success' });
            onChanged();
          }}
        />
      )}
      {panel?.kind === 'codes' && <RecoveryCodes codes={panel.codes} onDone={() => setPanel(null)} />}
      {!panel && !on && (
        <Button variant="contained" color="secondary" disabled={starting} onClick={() => void beginSetup()}>
          Set up authenticator app
        </Button>
      )}
      {!panel && on && (
        <Stack spacing={2}>
          <Typography>
            Recovery codes left: <strong>{status.recoveryCodesLeft}</strong> of 10
          </Typography>
          {status.recoveryCodesLeft <= FEW_CODES_LEFT && (
            <Alert severity="warning" sx={{ maxWidth: 640 }}>
              You are running out of recovery codes. Make new ones so you can still sign in if you lose your phone.
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" color="secondary" onClick={() => setDialog('codes')}>
              New recovery codes
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog('off')}>
              Turn off
            </Button>
          </Stack>
        </Stack>
      )}
      {dialog === 'off' && (
        <CodeDialog
          title="Turn off the authenticator app?"
          submitLabel="Turn off"
          danger
          onSubmit={turnOff}
          onClose={() => setDialog(null)}
        >
          Sign-in will no longer ask for its codes
          {status.passkeys.length ? '' : ', and your recovery codes stop working'}.
          {lastFactor && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              Administrators must use two-factor sign-in: the back office stays locked until you set up an authenticator
              app or a passkey again.
            </Alert>
          )}
        </CodeDialog>
      )}
      {dialog === 'codes' && (
        <CodeDialog
          title="Make new recovery codes?"
          submitLabel="Make new codes"
          onSubmit={newCodes}
          onClose={() => setDialog(null)}
        >
          Your current recovery codes stop working, and ten new ones are shown once.
        </CodeDialog>
      )}
    </SettingsSection>
  );
}
