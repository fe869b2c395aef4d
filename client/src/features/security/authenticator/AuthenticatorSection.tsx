import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { msg } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import { useDisableTotpMutation, useStartTotpEnrolmentMutation } from '../../../generated/hooks';
import { SettingsSection } from '../components/SettingsSection';
import { writeSecurityStatus } from '../data/securityCache';
import { useStepUp } from '../step-up/stepUp';
import { CodeDialog } from './CodeDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSetup, type TotpEnrolment } from './TotpSetup';

/** Props of AuthenticatorSection. */
export interface AuthenticatorSectionProps {
  status: SecurityStatusPartsFragment;
  /** Reloads `mySecurity` (after the authenticator was turned on). */
  onChanged: () => void;
}

/** What the section shows besides its summary. */
type Panel = { kind: 'setup'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | null;

/**
 * Why an administrator's only factor can't be turned off (the server refuses it too); a catalogue
 * key, shown with `t`.
 */
export const KEEP_A_FACTOR = msg(
  'Administrators must keep a second factor: add a passkey before turning the authenticator app off.',
);

/**
 * Settings → Security → Authenticator app (issue 13): set it up (QR code, key, first code, then
 * the recovery codes once); when on, "Turn off" with a current code. Adding it to an account that
 * has a passkey asks for that passkey first (step-up, issue 33); an administrator's first factor
 * needs the e-mailed enrolment code; an administrator's only factor can't be turned off.
 */
export function AuthenticatorSection({ status, onChanged }: AuthenticatorSectionProps) {
  const { t } = useTranslation('security');
  const [panel, setPanel] = useState<Panel>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [start, { loading: starting }] = useStartTotpEnrolmentMutation();
  const [disable] = useDisableTotpMutation();
  const reportError = useServerErrors();
  const stepUp = useStepUp();
  const { enqueueSnackbar } = useSnackbar();
  const on = status.totpEnabled;
  const enrolled = on || status.passkeys.length > 0;
  const lastFactor = on && status.required && status.passkeys.length === 0;

  const beginSetup = async () => {
    try {
      const result = await stepUp(() => start());
      if (result?.data) setPanel({ kind: 'setup', enrolment: result.data.startTotpEnrolment });
    } catch (error) {
      reportError(error);
    }
  };

  const turnOff = async (code: string) => {
    const { data } = await disable({
      variables: { code },
      update: (cache, { data }) => data && writeSecurityStatus(cache, data.disableTotp.security),
    });
    if (data) setToken(data.disableTotp.session.token); // every older session ended, this one's too
    setTurningOff(false);
    enqueueSnackbar(t('Authenticator app turned off'), { variant: 'success' });
  };

  return (
    <SettingsSection
      title={t('Authenticator app')}
      // Keyed: a new chip, not a colour transition through low-contrast mixes of grey and green.
      status={
        <Chip key={on ? 'on' : 'off'} size="small" label={on ? t('On') : t('Off')} color={on ? 'success' : 'default'} />
      }
      description={t('Sign in with your password and a code from an app on your phone that changes every 30 seconds.')}
    >
      {panel?.kind === 'setup' && (
        <TotpSetup
          enrolment={panel.enrolment}
          needsEnrolmentCode={status.required && !enrolled}
          onCancel={() => setPanel(null)}
          onConfirmed={(codes) => {
            setPanel({ kind: 'codes', codes });
            enqueueSnackbar(t('Authenticator app turned on'), { variant: 'success' });
            onChanged();
          }}
        />
      )}
      {panel?.kind === 'codes' && <RecoveryCodes codes={panel.codes} onDone={() => setPanel(null)} />}
      {!panel && !on && (
        <Button variant="contained" color="secondary" disabled={starting} onClick={() => void beginSetup()}>
          {t('Set up authenticator app')}
        </Button>
      )}
      {!panel && on && (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" color="error" disabled={lastFactor} onClick={() => setTurningOff(true)}>
            {t('Turn off')}
          </Button>
          {lastFactor && (
            <Alert severity="info" sx={{ maxWidth: 640 }}>
              {t(KEEP_A_FACTOR)}
            </Alert>
          )}
        </Stack>
      )}
      {turningOff && (
        <CodeDialog
          title={t('Turn off the authenticator app?')}
          submitLabel={t('Turn off')}
          danger
          onSubmit={turnOff}
          onClose={() => setTurningOff(false)}
        >
          {status.passkeys.length
            ? t('Sign-in will no longer ask for its codes. Your other sessions are signed out.')
            : t(
                'Sign-in will no longer ask for its codes, and your recovery codes stop working. Your other sessions are signed out.',
              )}
        </CodeDialog>
      )}
    </SettingsSection>
  );
}
