import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

/** How many recovery codes a new set has. */
const CODES_IN_A_SET = 10;

/**
 * Settings → Security → Recovery codes: how many are left, and "New recovery codes" (the old ones
 * stop working) after a confirmation and a recent proof of a factor (authenticator, recovery code
 * or passkey: so a passkey-only account can make new ones too, issue 33). Shown with a factor only.
 */
export function RecoveryCodesSection({ status, onChanged }: RecoveryCodesSectionProps) {
  const { t } = useTranslation('security');
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
      title={t('Recovery codes')}
      description={t("Single-use codes that sign you in when you don't have your phone or passkey with you.")}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <Stack spacing={2}>
          <Typography>
            <Trans
              t={t}
              i18nKey="Recovery codes left: <strong>{{left}}</strong> of {{total}}"
              values={{ left: status.recoveryCodesLeft, total: CODES_IN_A_SET }}
              components={{ strong: <strong /> }}
            />
          </Typography>
          {status.recoveryCodesLeft <= FEW_CODES_LEFT && (
            <Alert severity="warning" sx={{ maxWidth: 640 }}>
              {t(
                'You are running out of recovery codes. Make new ones so you can still sign in if you lose your phone or passkey.',
              )}
            </Alert>
          )}
          <Button
            variant="outlined"
            color="secondary"
            disabled={loading}
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('New recovery codes')}
          </Button>
        </Stack>
      )}
      {confirming && (
        <FormDialog
          title={t('Make new recovery codes?')}
          submitLabel={t('Make new codes')}
          onClose={() => setConfirming(false)}
          onSubmit={(event) => {
            event.preventDefault();
            void makeNew();
          }}
        >
          <Typography>{t('Your current recovery codes stop working, and ten new ones are shown once.')}</Typography>
        </FormDialog>
      )}
    </SettingsSection>
  );
}
