import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { array, object, string } from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { FormDialog } from '../../../components/FormDialog';
import { Loader } from '../../../components/Loader';
import { RetryAlert } from '../../../components/RetryAlert';
import { MONOSPACE } from '../../../components/second-factor/monospace';
import type {
  CreateWebhookEndpointMutation,
  WebhookEndpointPartsFragment,
  WebhookScope,
} from '../../../generated/graphql';
import { WebhookEndpointsDocument } from '../../../generated/graphql';
import {
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useWebhookEventTypesQuery,
} from '../../../generated/hooks';
import { eventHint, inOfferedOrder } from './webhookEvents';
import { DESCRIPTION_MAX, shortUrl, URL_MAX, urlProblem } from './webhookState';

/** Props of WebhookEndpointDialog. */
export interface WebhookEndpointDialogProps {
  /** The endpoint to edit; without it the dialog adds a new one. */
  endpoint?: WebhookEndpointPartsFragment;
  /** Offers "All accounts" when adding (administrators only; the server refuses it for investors). */
  isAdmin: boolean;
  onClose: () => void;
  /** A new endpoint exists: its signing secret is in here, the only copy. */
  onCreated: (created: CreateWebhookEndpointMutation['createWebhookEndpoint']) => void;
  /** The edited endpoint was saved. */
  onSaved: (endpoint: WebhookEndpointPartsFragment) => void;
}

/** The dialog's fields. */
interface Values {
  url: string;
  description: string;
  events: string[];
  scope: WebhookScope;
}

/** Fields the server may name in a BAD_USER_INPUT answer. */
const FIELDS = ['url', 'description', 'events', 'scope'];

/** What the URL field shows as an example (an address, the same in every language). */
const URL_SAMPLE = 'https://example.com/cryptovest-events';

/** One event type to choose: its name (the checkbox's accessible name) and, under it, what it means. */
function EventCheckbox({
  event,
  checked,
  onChange,
}: {
  event: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('security');
  const hintId = useId();
  const hint = eventHint(event);
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mr: 0 }}
      control={
        <Checkbox
          color="secondary"
          checked={checked}
          onChange={(change) => onChange(change.target.checked)}
          slotProps={{ input: { 'aria-label': event, 'aria-describedby': hint ? hintId : undefined } }}
          sx={{ mt: -0.75 }}
        />
      }
      label={
        <>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', fontFamily: MONOSPACE, overflowWrap: 'anywhere' }}
          >
            {event}
          </Typography>
          {hint && (
            <Typography id={hintId} component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t(hint)}
            </Typography>
          )}
        </>
      }
    />
  );
}

/**
 * "Add endpoint" and "Edit": where events go (the URL), a note on what it is for, and which events
 * (checkboxes from `webhookEventTypes`, with one to choose them all). Administrators adding one also
 * choose whose events: their own account's or every account's. A new endpoint's signing secret
 * comes back once, to `onCreated`.
 */
export function WebhookEndpointDialog({ endpoint, isAdmin, onClose, onCreated, onSaved }: WebhookEndpointDialogProps) {
  const { t } = useTranslation('security');
  const editing = Boolean(endpoint);
  const types = useWebhookEventTypesQuery();
  const [create] = useCreateWebhookEndpointMutation();
  const [update] = useUpdateWebhookEndpointMutation();
  const reportError = useServerErrors();
  const eventsLabelId = useId();
  const scopeLabelId = useId();
  const scopeHintId = useId();
  const offered = types.data?.webhookEventTypes;
  const schema = useMemo(
    () =>
      object({
        url: string()
          .trim()
          .required(t('url is required'))
          .max(URL_MAX, t('url must be at most {{max}} characters', { max: URL_MAX }))
          .test('url', (value, ctx) => {
            const problem = value ? urlProblem(value) : undefined;
            return problem ? ctx.createError({ message: t(problem) }) : true;
          }),
        description: string()
          .trim()
          .max(DESCRIPTION_MAX, t('description must be at most {{max}} characters', { max: DESCRIPTION_MAX })),
        events: array().of(string()).min(1, t('choose at least one event')),
      }),
    [t],
  );

  const form = useFormik<Values>({
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint ? [...endpoint.events] : [],
      scope: endpoint?.scope ?? 'OWN',
    },
    validationSchema: schema,
    onSubmit: async (values, { setFieldError }) => {
      const fields = {
        url: values.url.trim(),
        description: values.description.trim(),
        events: inOfferedOrder(values.events, offered ?? []),
      };
      try {
        if (endpoint) {
          const { data } = await update({ variables: { id: endpoint.id, input: fields } });
          if (!data) throw new Error('updateWebhookEndpoint answered without an endpoint');
          onSaved(data.updateWebhookEndpoint);
        } else {
          const { data } = await create({
            variables: { input: { ...fields, ...(isAdmin ? { scope: values.scope } : {}) } },
            refetchQueries: [WebhookEndpointsDocument],
          });
          if (!data) throw new Error('createWebhookEndpoint answered without an endpoint');
          onCreated(data.createWebhookEndpoint);
        }
      } catch (error) {
        reportError(error, { setFieldError, fields: FIELDS });
      }
    },
  });

  const setEvents = (next: string[]) => {
    void form.setFieldValue('events', next);
    void form.setFieldTouched('events', true, false);
  };
  const toggle = (event: string, checked: boolean) =>
    setEvents(checked ? [...form.values.events, event] : form.values.events.filter((e) => e !== event));
  const chosen = offered ? offered.filter((e) => form.values.events.includes(e)).length : 0;
  const allChosen = Boolean(offered?.length) && chosen === offered!.length;
  const eventsError = form.touched.events ? (form.errors.events as string | undefined) : undefined;

  const urlField = textFieldProps(form, 'url');
  const descriptionField = textFieldProps(form, 'description');
  return (
    <FormDialog
      title={endpoint ? t('Edit endpoint “{{name}}”', { name: shortUrl(endpoint.url) }) : t('Add a webhook endpoint')}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={editing ? t('Save') : t('Add endpoint')}
      submitDisabled={!offered || !form.isValid || form.isSubmitting || !form.values.url.trim() || chosen === 0}
      maxWidth="md"
    >
      <Stack spacing={3}>
        <TextField
          label={t('URL')}
          placeholder={URL_SAMPLE}
          autoFocus={!editing}
          fullWidth
          type="url"
          autoComplete="off"
          {...urlField}
          helperText={urlField.helperText ?? t('Events are sent here as signed POST requests (https only)')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
        />
        <TextField
          label={t('Description (optional)')}
          placeholder={t('e.g. Bookkeeping')}
          fullWidth
          autoComplete="off"
          {...descriptionField}
        />
        {isAdmin && !editing && (
          <FormControl component="fieldset">
            <FormLabel component="legend" id={scopeLabelId} sx={{ mb: 0.5 }}>
              {t('Whose events')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={scopeLabelId}
              aria-describedby={scopeHintId}
              name="scope"
              value={form.values.scope}
              onChange={(event) => void form.setFieldValue('scope', event.target.value as WebhookScope)}
            >
              <FormControlLabel value="OWN" control={<Radio color="secondary" />} label={t('My account')} />
              <FormControlLabel value="ALL" control={<Radio color="secondary" />} label={t('All accounts')} />
            </RadioGroup>
            <FormHelperText id={scopeHintId} sx={{ mx: 0 }}>
              {t("All accounts: every investor's deposits and withdrawals, each event saying whose it is.")}
            </FormHelperText>
          </FormControl>
        )}
        <FormControl component="fieldset" error={Boolean(eventsError)}>
          <FormLabel component="legend" id={eventsLabelId} sx={{ mb: 0.5 }}>
            {t('Events to send')}
          </FormLabel>
          {types.error && !offered && (
            <RetryAlert onRetry={() => types.refetch()}>{t('Could not load the event types.')}</RetryAlert>
          )}
          {!types.error && !offered && <Loader label={t('Loading event types')} />}
          {offered && (
            <>
              <FormControlLabel
                control={
                  <Checkbox
                    color="secondary"
                    checked={allChosen}
                    indeterminate={chosen > 0 && !allChosen}
                    onChange={(event) => setEvents(event.target.checked ? [...offered] : [])}
                  />
                }
                label={t('All events')}
              />
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  columnGap: 2,
                  rowGap: 0.5,
                  pl: { xs: 2, sm: 3 },
                }}
              >
                {offered.map((event) => (
                  <EventCheckbox
                    key={event}
                    event={event}
                    checked={form.values.events.includes(event)}
                    onChange={(checked) => toggle(event, checked)}
                  />
                ))}
              </Box>
            </>
          )}
          {eventsError && <FormHelperText>{eventsError}</FormHelperText>}
        </FormControl>
      </Stack>
    </FormDialog>
  );
}
