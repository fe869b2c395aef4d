import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { FormDialog } from '../../../components/FormDialog';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import { useRegenerateRecoveryCodesMutation } from '../../../generated/hooks';
import { RecoveryCodes } from '../authenticator/RecoveryCodes';
import { SettingsSection } from '../components/SettingsSection';
import { useStepUp } from '../step-up/stepUp';

/** Props of RecoveryCodesSection. */
export interface RecoveryCodesSectionProps {
  status: SecurityStatusPartsFragment;
  /** Reloads `mySecurity` (the count of codes left). */
  onChanged: () => void;
}

/** At or below this many recovery codes left, the section suggests making new ones. */
const FEW_CODES_LEFT = 3;

/**
 * Settings → Security → Recovery codes: how many are left, and "New recovery codes" (the old ones
 * stop working) after a confirmation and a recent proof of a factor (authenticator, recovery code
 * or passkey: so a passkey-only account can make new ones too, issue 33). Shown with a factor only.
 */
export function RecoveryCodesSection({ status, onChanged }: RecoveryCodesSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [regenerate, { loading }] = useRegenerateRecoveryCodesMutation();
  const reportError = useServerErrors();
  const stepUp = useStepUp();

  const makeNew = async () => {
    setConfirming(false);
    try {
      const result = await stepUp(() => regenerate());
      if (!result?.data) return;
      setCodes(result.data.regenerateRecoveryCodes);
      onChanged();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsSection
      title="Recovery codes"
      description="Single-use codes that sign you in when you don't have your phone or passkey with you."
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <Stack spacing={2}>
          <Typography>
            Recovery codes left: <strong>{status.recoveryCodesLeft}</strong> of 10
          </Typography>
          {status.recoveryCodesLeft <= FEW_CODES_LEFT && (
            <Alert severity="warning" sx={{ maxWidth: 640 }}>
              You are running out of recovery codes. Make new ones so you can still sign in if you lose your phone or
              passkey.
            </Alert>
          )}
          <Button
            variant="outlined"
            color="secondary"
            disabled={loading}
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            New recovery codes
          </Button>
        </Stack>
      )}
      {confirming && (
        <FormDialog
          title="Make new recovery codes?"
          submitLabel="Make new codes"
          onClose={() => setConfirming(false)}
          onSubmit={(event) => {
            event.preventDefault();
            void makeNew();
          }}
        >
          <Typography>Your current recovery codes stop working, and ten new ones are shown once.</Typography>
        </FormDialog>
      )}
    </SettingsSection>
  );
}
