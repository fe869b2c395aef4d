import { array, boolean, mixed, object, string } from 'yup';
import { AppError } from '../../kernel/errors';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';
import { WebhookScope } from './webhook-endpoint.entity';

/** Longest note an owner may keep on an endpoint. */
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** Most endpoints one user may have (each event is sent to each, so this bounds the work one user causes). */
export const MAX_ENDPOINTS_PER_USER = 10;

const url = string().trim().required('url is required');
const events = array()
  .of(string().required('events must be event type names'))
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length * 2, 'too many events');
const description = string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

/** A new endpoint as GraphQL and REST send it (unknown fields are dropped, wrong types are field errors). */
export const newEndpointSchema = object({
  url,
  events: events.required('choose at least one event'),
  description: description.nullable().default(''),
  scope: mixed<WebhookScope>()
    .nullable()
    .oneOf([WebhookScope.OWN, WebhookScope.ALL, null, undefined], 'scope must be OWN or ALL'),
});

/** Changes to an endpoint: each field optional, null meaning "unchanged". */
export const endpointChangesSchema = object({
  url: url.optional().nullable().default(undefined),
  events: events.optional().nullable().default(undefined),
  description: description.optional().nullable().default(undefined),
  enabled: boolean().strict().typeError('enabled must be true or false').optional().nullable().default(undefined),
});

/** The event types asked for, deduplicated, each a known one (else a field error naming the first unknown). */
export function knownEvents(asked: readonly string[]): WebhookEventType[] {
  const unknown = asked.find((e) => !isWebhookEventType(e));
  if (unknown !== undefined)
    throw AppError.field('events', `unknown event type "${unknown}" (see webhookEventTypes for the list)`);
  return WEBHOOK_EVENT_TYPES.filter((e) => asked.includes(e));
}
