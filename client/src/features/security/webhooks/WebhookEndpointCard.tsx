import { FactList } from '../../../components/FactList';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import RotateIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { MONOSPACE } from '../../../components/second-factor/monospace';
import type { WebhookEndpointPartsFragment } from '../../../generated/graphql';
import { useTimestamp } from '../components/useTimestamp';
import { DISABLE_AFTER_DAYS, endpointState, hasEveryEvent, isFuture, shortUrl } from './webhookState';

/** Props of WebhookEndpointCard. */
export interface WebhookEndpointCardProps {
  endpoint: WebhookEndpointPartsFragment;
  /** Every event type there is (once loaded): an endpoint that has them all shows one "All events" chip. */
  eventTypes?: readonly string[];
  /** Turns it on or off (the switch). */
  onToggle: (enabled: boolean) => void;
  onDeliveries: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** Each state's chip: label (a catalogue key) and colour. */
const STATE_CHIP = {
  enabled: { label: msg('Active'), color: 'success' },
  failing: { label: msg('Failing'), color: 'warning' },
  disabled: { label: msg('Disabled'), color: 'default' },
} as const;

/**
 * One webhook endpoint as a card (no table to clip on phones): its URL, state and scope, what it
 * is for, its events as chips, why it is off or since when it fails, and its actions (on/off,
 * Deliveries, Edit, Rotate secret, Delete) in a row that wraps.
 */
export function WebhookEndpointCard({
  endpoint,
  eventTypes,
  onToggle,
  onDeliveries,
  onEdit,
  onRotate,
  onDelete,
}: WebhookEndpointCardProps) {
  const { t } = useTranslation('security');
  const when = useTimestamp();
  const state = endpointState(endpoint);
  const chip = STATE_CHIP[state];
  const name = shortUrl(endpoint.url);
  const facts: Array<[string, string]> = [
    [t('Created'), when(endpoint.createdAt)],
    ...(endpoint.failingSince ? [[t('Failing since'), when(endpoint.failingSince)] as [string, string]] : []),
    ...(isFuture(endpoint.previousSecretExpiresAt)
      ? [[t('Previous secret valid until'), when(endpoint.previousSecretExpiresAt)] as [string, string]]
      : []),
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('Webhook endpoint {{name}}', { name })}
      sx={{ p: 2, minWidth: 0, opacity: state === 'disabled' ? 0.9 : 1 }}
    >
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1 }}>
        <Typography
          component="h3"
          sx={{
            fontWeight: 700,
            fontFamily: MONOSPACE,
            fontSize: { xs: '0.8rem', sm: '0.95rem' },
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
        >
          {endpoint.url}
        </Typography>
        <Chip size="small" variant="outlined" label={t(chip.label)} color={chip.color} />
        {endpoint.scope === 'ALL' && (
          <Chip size="small" color="secondary" variant="outlined" label={t('All accounts')} />
        )}
        <FormControlLabel
          sx={{ mr: 0, ml: 'auto' }}
          control={
            <Switch
              color="secondary"
              checked={endpoint.enabled}
              onChange={(event) => onToggle(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('Enabled: {{name}}', { name }) } }}
            />
          }
          label={t('Enabled')}
        />
      </Stack>
      {endpoint.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {endpoint.description}
        </Typography>
      )}
      {state === 'disabled' && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {endpoint.disabledReason
            ? t('{{reason}}. Nothing is sent to it until you turn it on again.', {
                reason: endpoint.disabledReason.replace(/\.$/, ''),
              })
            : t('Nothing is sent to it until you turn it on again.')}
        </Alert>
      )}
      {state === 'failing' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t(
            'Deliveries have failed since {{since}}. After {{count}} days of failures it is turned off and we e-mail you.',
            { since: when(endpoint.failingSince!), count: DISABLE_AFTER_DAYS },
          )}
        </Alert>
      )}
      <Stack
        component="ul"
        direction="row"
        aria-label={t('Events')}
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1.5 }}
      >
        {hasEveryEvent(endpoint.events, eventTypes) ? (
          <li>
            <Chip size="small" label={t('All events')} />
          </li>
        ) : (
          endpoint.events.map((event) => (
            <li key={event}>
              <Chip size="small" label={event} sx={{ fontFamily: MONOSPACE }} />
            </li>
          ))
        )}
      </Stack>
      <FactList facts={facts} wideColumns={3} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5, ml: -1 }}>
        <Button
          size="small"
          color="secondary"
          startIcon={<HistoryIcon />}
          onClick={onDeliveries}
          aria-label={t('Deliveries of {{name}}', { name })}
        >
          {t('Deliveries')}
        </Button>
        <Button
          size="small"
          color="secondary"
          startIcon={<EditIcon />}
          onClick={onEdit}
          aria-label={t('Edit {{name}}', { name })}
        >
          {t('Edit')}
        </Button>
        <Button
          size="small"
          color="secondary"
          startIcon={<RotateIcon />}
          onClick={onRotate}
          aria-label={t('Rotate secret of {{name}}', { name })}
        >
          {t('Rotate secret')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onDelete}
          aria-label={t('Delete {{name}}', { name })}
        >
          {t('Delete')}
        </Button>
      </Stack>
    </Paper>
  );
}
