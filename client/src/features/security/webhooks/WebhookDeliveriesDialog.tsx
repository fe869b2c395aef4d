import { FactList } from '../../../components/FactList';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useFormat } from '../../../app/i18n/useFormat';
import { FormDialog } from '../../../components/FormDialog';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { MONOSPACE } from '../../../components/second-factor/monospace';
import type { WebhookDeliveryPartsFragment, WebhookEndpointPartsFragment } from '../../../generated/graphql';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery } from '../../../generated/hooks';
import { useTimestamp } from '../components/useTimestamp';
import { answerText, deliveryChip, errorText, shortUrl, TO_THE_SECOND } from './webhookState';

/** Props of WebhookDeliveriesDialog. */
export interface WebhookDeliveriesDialogProps {
  endpoint: WebhookEndpointPartsFragment;
  onClose: () => void;
}

/** Props of DeliveryCard. */
interface DeliveryCardProps {
  delivery: WebhookDeliveryPartsFragment;
  /** Redeliver is offered (the endpoint is on and this delivery is not being sent right now). */
  canRedeliver: boolean;
  busy: boolean;
  onRedeliver: () => void;
}

/** One delivery: event and status, then when, attempts, the receiver's answer and the last error, and Redeliver. */
function DeliveryCard({ delivery, canRedeliver, busy, onRedeliver }: DeliveryCardProps) {
  const { t } = useTranslation('security');
  const { number } = useFormat();
  const timestamp = useTimestamp();
  const toTheSecond = (iso: string) => timestamp(iso, TO_THE_SECOND);
  const when = toTheSecond(delivery.createdAt);
  const error = errorText(delivery);
  const chip = deliveryChip(delivery);
  const facts: Array<[string, string]> = [
    [t('Time'), when],
    [t('Attempts'), number(delivery.attempts)],
    [t('Answer'), answerText(delivery, (key) => t(key))],
    ...(delivery.status === 'QUEUED' && delivery.nextAttemptAt
      ? [[t('Next attempt'), toTheSecond(delivery.nextAttemptAt)] as [string, string]]
      : []),
    ...(delivery.deliveredAt ? [[t('Delivered at'), toTheSecond(delivery.deliveredAt)] as [string, string]] : []),
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('{{event}}, {{when}}', { event: delivery.eventType, when })}
      sx={{ p: 1.5, minWidth: 0 }}
    >
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography
          component="h3"
          variant="body2"
          sx={{ fontWeight: 700, fontFamily: MONOSPACE, overflowWrap: 'anywhere' }}
        >
          {delivery.eventType}
        </Typography>
        <Chip size="small" variant="outlined" label={t(chip.label)} color={chip.color} />
        <Button
          size="small"
          color="secondary"
          startIcon={<ReplayIcon />}
          sx={{ ml: 'auto' }}
          disabled={!canRedeliver || busy || delivery.status === 'SENDING'}
          onClick={onRedeliver}
          aria-label={t('Redeliver {{event}} of {{when}}', { event: delivery.eventType, when })}
        >
          {t('Redeliver')}
        </Button>
      </Stack>
      <FactList facts={facts} wideColumns={4} wideFrom="sm" dense sx={{ mt: 1 }}>
        {error && (
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('Error')}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              color="error"
              sx={{ m: 0, fontFamily: MONOSPACE, fontSize: '0.8rem', overflowWrap: 'anywhere' }}
            >
              {error}
            </Typography>
          </Box>
        )}
      </FactList>
    </Paper>
  );
}

/**
 * "Deliveries" of one endpoint: its last 50 deliveries, newest first, as cards (event, status, time,
 * attempts, the receiver's answer, the last error) with Redeliver on each, and Refresh. Redeliver
 * sends the event again now with the same webhook-id; it needs the endpoint on.
 */
export function WebhookDeliveriesDialog({ endpoint, onClose }: WebhookDeliveriesDialogProps) {
  const { t } = useTranslation('security');
  const query = useWebhookDeliveriesQuery({
    variables: { endpointId: endpoint.id },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [redeliver] = useRedeliverWebhookMutation();
  const [sending, setSending] = useState<string | null>(null);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const deliveries = query.data?.webhookDeliveries;

  const again = async (delivery: WebhookDeliveryPartsFragment) => {
    setSending(delivery.id);
    try {
      // The answer carries the delivery's id: Apollo updates its card by itself.
      await redeliver({ variables: { deliveryId: delivery.id } });
      enqueueSnackbar(t('{{event}} is being sent again', { event: delivery.eventType }), { variant: 'success' });
    } catch (error) {
      reportError(error);
    } finally {
      setSending(null);
    }
  };

  return (
    <FormDialog title={t('Deliveries to {{name}}', { name: shortUrl(endpoint.url) })} onClose={onClose} maxWidth="md">
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {t('The last 50 events sent to this endpoint, newest first. Each keeps its webhook-id when sent again.')}
          </Typography>
          <Button
            size="small"
            color="secondary"
            startIcon={<RefreshIcon />}
            onClick={() => void query.refetch().catch(() => undefined)}
            disabled={query.loading}
            sx={{ ml: 'auto' }}
          >
            {t('Refresh')}
          </Button>
        </Stack>
        {!endpoint.enabled && (
          <Alert severity="info">{t('This endpoint is disabled: turn it on to redeliver events.')}</Alert>
        )}
        {query.error && !deliveries && (
          <RetryAlert onRetry={() => query.refetch()}>{t('Could not load the deliveries.')}</RetryAlert>
        )}
        {!query.error && !deliveries && <Loader label={t('Loading deliveries')} />}
        {deliveries && deliveries.length === 0 && (
          <Typography color="text.secondary">
            {t('Nothing sent yet: deliveries show here once one of the chosen events happens.')}
          </Typography>
        )}
        {deliveries && deliveries.length > 0 && (
          <Stack
            component="ul"
            spacing={1}
            aria-label={t('Deliveries')}
            aria-busy={query.loading}
            sx={{ m: 0, p: 0, listStyle: 'none' }}
          >
            {deliveries.map((delivery) => (
              <DeliveryCard
                key={delivery.id}
                delivery={delivery}
                canRedeliver={endpoint.enabled}
                busy={sending === delivery.id}
                onRedeliver={() => void again(delivery)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
