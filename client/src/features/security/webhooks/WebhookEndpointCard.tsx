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
import { formatDate } from '../../../components/transactionCells';
import { MONOSPACE } from '../../../components/second-factor/monospace';
import type { WebhookEndpointPartsFragment } from '../../../generated/graphql';
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

const STATE_CHIP = {
  enabled: { label: 'Active', color: 'success' },
  failing: { label: 'Failing', color: 'warning' },
  disabled: { label: 'Disabled', color: 'default' },
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
  const state = endpointState(endpoint);
  const name = shortUrl(endpoint.url);
  const facts: Array<[string, string]> = [
    ['Created', formatDate(endpoint.createdAt)],
    ...(endpoint.failingSince ? [['Failing since', formatDate(endpoint.failingSince)] as [string, string]] : []),
    ...(isFuture(endpoint.previousSecretExpiresAt)
      ? [['Previous secret valid until', formatDate(endpoint.previousSecretExpiresAt)] as [string, string]]
      : []),
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Webhook endpoint ${name}`}
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
        <Chip size="small" variant="outlined" {...STATE_CHIP[state]} />
        {endpoint.scope === 'ALL' && <Chip size="small" color="secondary" variant="outlined" label="All accounts" />}
        <FormControlLabel
          sx={{ mr: 0, ml: 'auto' }}
          control={
            <Switch
              color="secondary"
              checked={endpoint.enabled}
              onChange={(event) => onToggle(event.target.checked)}
              slotProps={{ input: { 'aria-label': `Enabled: ${name}` } }}
            />
          }
          label="Enabled"
        />
      </Stack>
      {endpoint.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {endpoint.description}
        </Typography>
      )}
      {state === 'disabled' && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {endpoint.disabledReason && `${endpoint.disabledReason.replace(/\.$/, '')}. `}Nothing is sent to it until you
          turn it on again.
        </Alert>
      )}
      {state === 'failing' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          Deliveries have failed since {formatDate(endpoint.failingSince!)}. After {DISABLE_AFTER_DAYS} days of failures
          it is turned off and we e-mail you.
        </Alert>
      )}
      <Stack
        component="ul"
        direction="row"
        aria-label="Events"
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1.5 }}
      >
        {hasEveryEvent(endpoint.events, eventTypes) ? (
          <li>
            <Chip size="small" label="All events" />
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
          aria-label={`Deliveries of ${name}`}
        >
          Deliveries
        </Button>
        <Button size="small" color="secondary" startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button
          size="small"
          color="secondary"
          startIcon={<RotateIcon />}
          onClick={onRotate}
          aria-label={`Rotate secret of ${name}`}
        >
          Rotate secret
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}
