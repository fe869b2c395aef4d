import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/useFormat';
import { FactList } from '../../../components/FactList';
import type { MySessionsQuery } from '../../../generated/graphql';
import { useTimestamp } from '../components/useTimestamp';
import { lastUsedText } from './lastUsed';

/** One open session as the list has it. */
export type SessionItem = MySessionsQuery['mySessions'][number];

/** Props of SessionCard. */
export interface SessionCardProps {
  session: SessionItem;
  /** Signs this session out (not offered for the current one: "Sign out everywhere" covers it). */
  onSignOut: () => void;
  busy: boolean;
}

/**
 * One session as a card (no table to clip on phones): the device, "This device" on the current
 * one, and IP, signed-in date and last use as facts that wrap; "Sign out" for the others.
 */
export function SessionCard({ session, onSignOut, busy }: SessionCardProps) {
  const { t } = useTranslation('security');
  const { locale } = useFormat();
  const when = useTimestamp();
  const lastUsed = lastUsedText(session.lastUsedAt, { locale, t: (key, params) => t(key, params), when });
  const facts: Array<[string, string]> = [
    [t('IP address'), session.ip ?? t('Unknown')],
    [t('Signed in'), when(session.createdAt)],
    [t('Last used'), lastUsed],
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('Session: {{device}}', { device: session.device })}
      sx={{ p: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {session.device}
        </Typography>
        {session.current && <Chip size="small" color="success" variant="outlined" label={t('This device')} />}
        <Box sx={{ flexGrow: 1 }} />
        {!session.current && (
          <Button
            color="error"
            size="small"
            onClick={onSignOut}
            disabled={busy}
            aria-label={t('Sign out {{device}}, last used {{lastUsed}}', { device: session.device, lastUsed })}
          >
            {t('Sign out')}
          </Button>
        )}
      </Stack>
      <FactList facts={facts} wideColumns={3} />
    </Paper>
  );
}
