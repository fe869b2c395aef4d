import { FactList } from '../../../components/FactList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import type { ApiKeyPartsFragment } from '../../../generated/graphql';
import { MONOSPACE } from '../../../components/second-factor/monospace';
import { useTimestamp } from '../components/useTimestamp';
import { apiKeyState } from './apiKeyState';
import { scopeLabel } from './scopes';

/** Props of ApiKeyCard. */
export interface ApiKeyCardProps {
  apiKey: ApiKeyPartsFragment;
  onRevoke: () => void;
}

/** Each state's chip: label (a catalogue key) and colour. */
const STATE_CHIP = {
  active: { label: msg('Active'), color: 'success' },
  revoked: { label: msg('Revoked'), color: 'error' },
  expired: { label: msg('Expired'), color: 'warning' },
} as const;

/**
 * One API key as a card (no table to clip on phones): name, state, prefix, scopes as chips, and
 * created / expires / last used / revoked as a description list that wraps; Revoke while active.
 */
export function ApiKeyCard({ apiKey, onRevoke }: ApiKeyCardProps) {
  const { t } = useTranslation('security');
  const when = useTimestamp();
  const state = apiKeyState(apiKey);
  const chip = STATE_CHIP[state];
  const facts: Array<[string, string]> = [
    [t('Created'), when(apiKey.createdAt)],
    [t('Expires'), apiKey.expiresAt ? when(apiKey.expiresAt) : t('Never')],
    [t('Last used'), apiKey.lastUsedAt ? when(apiKey.lastUsedAt) : t('Never')],
    ...(apiKey.revokedAt ? [[t('Revoked'), when(apiKey.revokedAt)] as [string, string]] : []),
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('API key {{name}}', { name: apiKey.name })}
      sx={{ p: 2, opacity: state === 'active' ? 1 : 0.85 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {apiKey.name}
        </Typography>
        <Chip size="small" variant="outlined" label={t(chip.label)} color={chip.color} />
        <Box sx={{ flexGrow: 1 }} />
        {state === 'active' && (
          <Button
            color="error"
            size="small"
            onClick={onRevoke}
            aria-label={t('Revoke API key {{name}}', { name: apiKey.name })}
          >
            {t('Revoke')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" sx={{ fontFamily: MONOSPACE, mt: 0.5, color: 'text.secondary' }}>
        {apiKey.prefix}…
      </Typography>
      <Stack
        component="ul"
        direction="row"
        aria-label={t('Scopes')}
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1.5 }}
      >
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Chip size="small" label={scopeLabel(scope, (key) => t(key))} />
          </li>
        ))}
      </Stack>
      <FactList facts={facts} wideColumns={4} />
    </Paper>
  );
}
