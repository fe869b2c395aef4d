import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FactList } from '../../../components/FactList';
import { formatDate } from '../../../components/transactionCells';
import type { MySessionsQuery } from '../../../generated/graphql';
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
  const facts: Array<[string, string]> = [
    ['IP address', session.ip ?? 'Unknown'],
    ['Signed in', formatDate(session.createdAt)],
    ['Last used', lastUsedText(session.lastUsedAt)],
  ];
  return (
    <Paper component="li" variant="outlined" aria-label={`Session: ${session.device}`} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {session.device}
        </Typography>
        {session.current && <Chip size="small" color="success" variant="outlined" label="This device" />}
        <Box sx={{ flexGrow: 1 }} />
        {!session.current && (
          <Button
            color="error"
            size="small"
            onClick={onSignOut}
            disabled={busy}
            aria-label={`Sign out ${session.device}, last used ${lastUsedText(session.lastUsedAt)}`}
          >
            Sign out
          </Button>
        )}
      </Stack>
      <FactList facts={facts} wideColumns={3} />
    </Paper>
  );
}
