import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useSetEmailNotificationsMutation } from '../../../generated/hooks';

/** Props of EmailNotificationsSwitch. */
export interface EmailNotificationsSwitchProps {
  userId: string;
  /** `User.emailNotifications` as loaded. */
  enabled: boolean;
}

/**
 * Settings > Profile: notification e-mails on or off (issue 12). Saved at once (the switch flips
 * before the answer and flips back on a refusal); security e-mails always go, as the helper says.
 */
export function EmailNotificationsSwitch({ userId, enabled }: EmailNotificationsSwitchProps) {
  const { t } = useTranslation('dashboard');
  const [setEnabled] = useSetEmailNotificationsMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const helperId = useId();

  const change = async (next: boolean) => {
    // With its __typename the optimistic answer updates the cached user, so the switch flips at once.
    const user = { __typename: 'User' as const, id: userId, emailNotifications: next };
    try {
      await setEnabled({ variables: { enabled: next }, optimisticResponse: { setEmailNotifications: user } });
      enqueueSnackbar(next ? t('E-mail notifications turned on') : t('E-mail notifications turned off'), {
        variant: 'success',
      });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Box component="section" aria-labelledby={`${helperId}-heading`} sx={{ mt: 4 }}>
      <Divider sx={{ mb: 3 }} />
      <Typography id={`${helperId}-heading`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('Notifications')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            color="secondary"
            checked={enabled}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={t('E-mail me about my deposits and withdrawals')}
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {t(
          'Security e-mails (sign-in codes, password and withdrawal address changes, withdrawal requests) are always sent.',
        )}
      </FormHelperText>
    </Box>
  );
}
