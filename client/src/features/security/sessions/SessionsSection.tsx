import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApolloClient } from '@apollo/client/react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { endSession } from '../../../app/session/logout';
import { FormDialog } from '../../../components/FormDialog';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import {
  useEndAllSessionsMutation,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useMySessionsQuery,
} from '../../../generated/hooks';
import { SettingsSection } from '../components/SettingsSection';
import { SessionCard, type SessionItem } from './SessionCard';

/**
 * Settings → Security → Sessions (issue 38): where the account is signed in (device, IP, last
 * use, "This device"), "Sign out" for any other one, "Sign out other sessions", and "Sign out
 * everywhere" (this device too) after a confirmation. A signed-out device's next request is
 * refused and it lands on the sign-in page saying it was signed out from another device.
 */
export function SessionsSection() {
  const { t } = useTranslation('security');
  const query = useMySessionsQuery({ fetchPolicy: 'cache-and-network' });
  const [endOne, { loading: endingOne }] = useEndSessionMutation();
  const [endOthers, { loading: endingOthers }] = useEndOtherSessionsMutation();
  const [endAll, { loading: endingAll }] = useEndAllSessionsMutation();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const client = useApolloClient();
  const navigate = useNavigate();
  const sessions = query.data?.mySessions;
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const busy = endingOne || endingOthers || endingAll;

  const signOut = async (session: SessionItem) => {
    try {
      await endOne({ variables: { id: session.id } });
      enqueueSnackbar(t('Signed out {{device}}', { device: session.device }), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
    await query.refetch().catch(() => undefined);
  };

  const signOutOthers = async () => {
    try {
      const { data } = await endOthers();
      const ended = data?.endOtherSessions ?? 0;
      enqueueSnackbar(t('Signed out {{count}} other sessions', { count: ended }), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
    await query.refetch().catch(() => undefined);
  };

  const signOutEverywhere = async () => {
    try {
      await endAll();
      setConfirmingAll(false);
      endSession(client, () => navigate('/login', { replace: true }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Box id="sessions">
      <SettingsSection
        title={t('Sessions')}
        description={t(
          "Where your account is signed in. Sign out any device you don't recognise, or everywhere at once.",
        )}
      >
        <Stack spacing={2}>
          {query.error && !sessions && (
            <RetryAlert onRetry={() => query.refetch()}>{t('Could not load your sessions.')}</RetryAlert>
          )}
          {!query.error && !sessions && <Loader label={t('Loading sessions')} />}
          {sessions && sessions.length === 0 && (
            <Typography color="text.secondary">{t('No other sessions.')}</Typography>
          )}
          {sessions && sessions.length > 0 && (
            <Stack
              component="ul"
              spacing={1.5}
              aria-label={t('Sessions')}
              sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 880 }}
            >
              {sessions.map((session) => (
                <SessionCard key={session.id} session={session} busy={busy} onSignOut={() => void signOut(session)} />
              ))}
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            {others > 0 && (
              <Button variant="outlined" color="secondary" disabled={busy} onClick={() => void signOutOthers()}>
                {t('Sign out other sessions')}
              </Button>
            )}
            <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirmingAll(true)}>
              {t('Sign out everywhere')}
            </Button>
          </Stack>
        </Stack>
        {confirmingAll && (
          <FormDialog
            title={t('Sign out everywhere?')}
            onClose={() => setConfirmingAll(false)}
            onSubmit={(event) => {
              event.preventDefault();
              void signOutEverywhere();
            }}
            submitLabel={t('Sign out everywhere')}
            submitDisabled={endingAll}
            danger
          >
            <Typography>
              {t(
                'Every session of your account ends, this one included. You will need your password (and your second factor, if you use one) to sign in again.',
              )}
            </Typography>
          </FormDialog>
        )}
      </SettingsSection>
    </Box>
  );
}
