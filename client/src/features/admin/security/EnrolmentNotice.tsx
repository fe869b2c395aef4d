import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { endSession } from '../../../app/session/logout';
import type { AdminConfinement } from './useAdminConfinement';

/** Props of EnrolmentNotice. */
export interface EnrolmentNoticeProps {
  confinement: AdminConfinement;
  /** The page was opened while confined: once open, say so and offer the way in. */
  wasConfined: boolean;
}

/**
 * What the admin security page says about the second-factor rule: why the back office is
 * locked and what to do (set up a factor, or sign in again with it), then that it is open.
 */
export function EnrolmentNotice({ confinement, wasConfined }: EnrolmentNoticeProps) {
  const { t } = useTranslation('admin');
  const client = useApolloClient();
  const navigate = useNavigate();
  if (confinement === 'enrol') {
    return (
      <Alert severity="warning" sx={{ mb: 4 }}>
        <AlertTitle>{t('Set up two-factor sign-in to continue')}</AlertTitle>
        {t(
          'Administrators must use two-factor sign-in. Set up an authenticator app or add a passkey below, with the one-time enrolment code we e-mail you (or your operator gives you); the back office opens as soon as it is on.',
        )}
      </Alert>
    );
  }
  if (confinement === 'reauth') {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 4 }}
        action={
          <Button color="inherit" size="small" onClick={() => endSession(client, () => navigate('/login'))}>
            {t('Sign in again')}
          </Button>
        }
      >
        <AlertTitle>{t('Sign in again with your second factor')}</AlertTitle>
        {t(
          'This session was opened without your authenticator app or passkey. Administrators must use two-factor sign-in.',
        )}
      </Alert>
    );
  }
  if (confinement === 'open' && wasConfined) {
    return (
      <Alert
        severity="success"
        sx={{ mb: 4 }}
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/admin/users">
            {t('Go to Users')}
          </Button>
        }
      >
        <AlertTitle>{t('Two-factor sign-in is on')}</AlertTitle>
        {t('The back office is open. Keep your recovery codes safe.')}
      </Alert>
    );
  }
  return null;
}
