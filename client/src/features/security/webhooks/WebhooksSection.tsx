import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { FormDialog } from '../../../components/FormDialog';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import type { WebhookEndpointPartsFragment } from '../../../generated/graphql';
import {
  useDeleteWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useUpdateWebhookEndpointMutation,
  useWebhookEndpointsQuery,
  useWebhookEventTypesQuery,
} from '../../../generated/hooks';
import { SettingsSection } from '../components/SettingsSection';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookEndpointCard } from './WebhookEndpointCard';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { MAX_ENDPOINTS, shortUrl } from './webhookState';

/** Props of WebhooksSection. */
export interface WebhooksSectionProps {
  /** Administrators may add endpoints that receive every account's events. */
  isAdmin: boolean;
}

/** A signing secret to show once, and the dialog's words. */
interface ShownSecret {
  title: string;
  secret: string;
  previousValidUntil?: string | null;
}

/** What is open: one dialog at a time, about one endpoint (by id, so it reads the endpoint as now cached). */
type Open =
  | { kind: 'add' }
  | { kind: 'edit' | 'deliveries' | 'rotate' | 'delete'; id: string }
  | { kind: 'secret'; shown: ShownSecret }
  | null;

/**
 * Settings → Security → Webhooks (issue 36): the caller's endpoints as cards, "Add endpoint" whose
 * signing secret is shown once, and per endpoint an on/off switch, its deliveries (with Redeliver),
 * Edit, Rotate secret (the new secret shown once) and Delete with a confirmation.
 */
export function WebhooksSection({ isAdmin }: WebhooksSectionProps) {
  const { t } = useTranslation('security');
  const query = useWebhookEndpointsQuery();
  const [update] = useUpdateWebhookEndpointMutation();
  const [rotate, { loading: rotating }] = useRotateWebhookSecretMutation();
  const [remove, { loading: deleting }] = useDeleteWebhookEndpointMutation();
  const [open, setOpen] = useState<Open>(null);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const endpoints = query.data?.webhookEndpoints;
  // Only to show "All events" on endpoints that have every type (the add dialog reads it too).
  const eventTypes = useWebhookEventTypesQuery({ skip: !endpoints?.length }).data?.webhookEventTypes;
  const full = (endpoints?.length ?? 0) >= MAX_ENDPOINTS;
  const current = open && 'id' in open ? endpoints?.find((e) => e.id === open.id) : undefined;
  const close = () => setOpen(null);

  const toggle = async (endpoint: WebhookEndpointPartsFragment, enabled: boolean) => {
    try {
      // The switch flips at once (the optimistic answer updates the cached endpoint) and back on a refusal.
      await update({
        variables: { id: endpoint.id, input: { enabled } },
        optimisticResponse: {
          updateWebhookEndpoint: {
            ...endpoint,
            enabled,
            disabledReason: enabled ? null : endpoint.disabledReason,
            failingSince: null,
          },
        },
      });
      enqueueSnackbar(enabled ? t('Endpoint turned on') : t('Endpoint turned off: nothing is sent to it'), {
        variant: 'success',
      });
    } catch (error) {
      reportError(error);
    }
  };

  const confirmRotate = async (endpoint: WebhookEndpointPartsFragment) => {
    try {
      const { data } = await rotate({ variables: { id: endpoint.id } });
      if (!data) throw new Error('rotateWebhookSecret answered without a secret');
      const { secret, endpoint: rotated } = data.rotateWebhookSecret;
      setOpen({
        kind: 'secret',
        shown: {
          title: t('New signing secret for “{{name}}”', { name: shortUrl(rotated.url) }),
          secret,
          previousValidUntil: rotated.previousSecretExpiresAt,
        },
      });
    } catch (error) {
      reportError(error);
    }
  };

  const confirmDelete = async (endpoint: WebhookEndpointPartsFragment) => {
    try {
      await remove({
        variables: { id: endpoint.id },
        update: (cache) => {
          cache.evict({ id: cache.identify({ __typename: 'WebhookEndpoint', id: endpoint.id }) });
          cache.gc();
        },
      });
      close();
      enqueueSnackbar(t('Endpoint deleted'), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsSection
      title={t('Webhooks')}
      description={
        isAdmin
          ? t(
              "Have us call your own server as soon as a deposit or withdrawal changes: your own account's, or every account's. Every request is signed, so your server can tell it came from us.",
            )
          : t(
              'Have us call your own server as soon as one of your deposits or withdrawals changes, instead of asking the API again and again. Every request is signed, so your server can tell it came from us.',
            )
      }
    >
      <Stack spacing={2}>
        {query.error && !endpoints && (
          <RetryAlert onRetry={() => query.refetch()}>{t('Could not load your webhook endpoints.')}</RetryAlert>
        )}
        {!query.error && !endpoints && <Loader label={t('Loading webhook endpoints')} />}
        {endpoints && endpoints.length === 0 && (
          <Typography color="text.secondary">{t('No webhook endpoints yet.')}</Typography>
        )}
        {endpoints && endpoints.length > 0 && (
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('Webhook endpoints')}
            sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 880 }}
          >
            {endpoints.map((endpoint) => (
              <WebhookEndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                eventTypes={eventTypes}
                onToggle={(enabled) => void toggle(endpoint, enabled)}
                onDeliveries={() => setOpen({ kind: 'deliveries', id: endpoint.id })}
                onEdit={() => setOpen({ kind: 'edit', id: endpoint.id })}
                onRotate={() => setOpen({ kind: 'rotate', id: endpoint.id })}
                onDelete={() => setOpen({ kind: 'delete', id: endpoint.id })}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
          <Button
            variant="outlined"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={() => setOpen({ kind: 'add' })}
            disabled={!endpoints || full}
          >
            {t('Add endpoint')}
          </Button>
          {full && (
            <Typography variant="body2" color="text.secondary">
              {t('You have {{count}} endpoints, the most there can be: delete one to add another.', {
                count: MAX_ENDPOINTS,
              })}
            </Typography>
          )}
        </Stack>
      </Stack>
      {(open?.kind === 'add' || (open?.kind === 'edit' && current)) && (
        <WebhookEndpointDialog
          endpoint={open.kind === 'edit' ? current : undefined}
          isAdmin={isAdmin}
          onClose={close}
          onCreated={({ endpoint, secret }) =>
            setOpen({
              kind: 'secret',
              shown: { title: t('Endpoint “{{name}}” added', { name: shortUrl(endpoint.url) }), secret },
            })
          }
          onSaved={() => {
            close();
            enqueueSnackbar(t('Endpoint saved'), { variant: 'success' });
          }}
        />
      )}
      {open?.kind === 'secret' && (
        <WebhookSecretDialog
          title={open.shown.title}
          secret={open.shown.secret}
          previousValidUntil={open.shown.previousValidUntil}
          onClose={close}
        />
      )}
      {open?.kind === 'deliveries' && current && <WebhookDeliveriesDialog endpoint={current} onClose={close} />}
      {open?.kind === 'rotate' && current && (
        <FormDialog
          title={t('Rotate the secret of “{{name}}”?', { name: shortUrl(current.url) })}
          onClose={close}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmRotate(current);
          }}
          submitLabel={t('Rotate secret')}
          submitDisabled={rotating}
        >
          <Typography>
            {t(
              'You get a new signing secret, shown once. For 24 hours, deliveries are signed with both the old and the new secret, so you have time to give the new one to your receiver.',
            )}
          </Typography>
        </FormDialog>
      )}
      {open?.kind === 'delete' && current && (
        <FormDialog
          title={t('Delete endpoint “{{name}}”?', { name: shortUrl(current.url) })}
          onClose={close}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmDelete(current);
          }}
          submitLabel={t('Delete')}
          submitDisabled={deleting}
          danger
        >
          <Typography>
            {t('Nothing more is sent to it, and its delivery log is deleted too. This cannot be undone.')}
          </Typography>
        </FormDialog>
      )}
    </SettingsSection>
  );
}
