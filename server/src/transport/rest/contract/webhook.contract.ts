import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WebhookDeliveryStatus, WebhookScope } from '../../../modules/webhook';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { enumOf, Id, Instant, maybe } from './shapes';

/** Who may manage webhooks: any signed-in user, or a key with the WEBHOOKS scope. */
const OWNER = { role: Role.USER, scopes: [ApiKeyScope.WEBHOOKS] };

/** The events an endpoint can subscribe to. */
const EventType = z.enum(WEBHOOK_EVENT_TYPES as unknown as [string, ...string[]]);

/** An endpoint as its owner sees it (never its secret). */
export const WebhookEndpointShape = z
  .strictObject({
    _id: Id,
    id: Id,
    url: z.string(),
    description: z.string(),
    events: z.array(EventType),
    scope: enumOf(WebhookScope).meta({ description: "OWN: the owner's transactions; ALL: every account's (admins)" }),
    enabled: z.boolean(),
    disabledReason: maybe(z.string()),
    failingSince: maybe(Instant).meta({ description: 'Deliveries have failed since then (disabled after 5 days)' }),
    previousSecretExpiresAt: maybe(Instant).meta({ description: 'After a rotation: until then both secrets sign' }),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'WebhookEndpoint' });

/** An endpoint with its signing secret: answered only at creation and rotation. */
const WithSecret = z
  .strictObject({
    endpoint: WebhookEndpointShape,
    secret: z.string().meta({ description: 'whsec_…: shown this once; verifies the webhook-signature header' }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

/** One delivery of an event to an endpoint (its id is the `webhook-id` header). */
export const WebhookDeliveryShape = z
  .strictObject({
    _id: Id,
    id: Id,
    eventType: EventType,
    status: z.enum(Object.keys(WebhookDeliveryStatus) as [string, ...string[]]),
    attempts: z.int(),
    createdAt: Instant,
    lastAttemptAt: maybe(Instant),
    nextAttemptAt: maybe(Instant),
    deliveredAt: maybe(Instant),
    responseStatus: maybe(z.int()).meta({ description: "The receiver's last HTTP status" }),
    lastError: maybe(z.string()),
  })
  .meta({ id: 'WebhookDelivery' });

/** The body of a new endpoint. */
const NewEndpoint = z.object({
  url: z.string().meta({ description: 'https://… (http only with WEBHOOK_ALLOW_HTTP); never a private address' }),
  events: z.array(EventType).min(1),
  description: z.string().max(200).optional(),
  scope: enumOf(WebhookScope).optional(),
});

const TAG = 'Webhooks';
const ID = { id: 'The webhook endpoint' };

/** GET /api/webhooks: the caller's endpoints. */
export const listWebhookEndpoints = operation({
  id: 'listWebhookEndpoints',
  method: 'get',
  path: '/webhooks',
  tag: TAG,
  summary: "The caller's webhook endpoints",
  auth: OWNER,
  ok: { status: 200, data: z.array(WebhookEndpointShape) },
});

/** POST /api/webhooks: a new endpoint and its secret (shown once). */
export const createWebhookEndpoint = operation({
  id: 'createWebhookEndpoint',
  method: 'post',
  path: '/webhooks',
  tag: TAG,
  summary: 'Add a webhook endpoint; the answer holds its signing secret, once',
  description: 'At most 10 endpoints per user (409). The URL is checked: https, a public address, resolvable.',
  auth: OWNER,
  body: { json: NewEndpoint },
  ok: { status: 201, data: WithSecret },
  errors: [409],
});

/** GET /api/webhooks/event-types: what can be subscribed to. */
export const listWebhookEventTypes = operation({
  id: 'listWebhookEventTypes',
  method: 'get',
  path: '/webhooks/event-types',
  tag: TAG,
  summary: 'The event types an endpoint can subscribe to',
  auth: OWNER,
  ok: { status: 200, data: z.array(EventType) },
});

/** POST /api/webhooks/deliveries/{deliveryId}/redeliver: one more attempt of a delivery. */
export const redeliverWebhook = operation({
  id: 'redeliverWebhook',
  method: 'post',
  path: '/webhooks/deliveries/:deliveryId/redeliver',
  tag: TAG,
  summary: 'Send a delivery again (same webhook-id)',
  auth: OWNER,
  params: { deliveryId: 'The delivery' },
  ok: { status: 200, data: WebhookDeliveryShape },
  errors: [409],
});

/** GET /api/webhooks/{id}: one endpoint. */
export const getWebhookEndpoint = operation({
  id: 'getWebhookEndpoint',
  method: 'get',
  path: '/webhooks/:id',
  tag: TAG,
  summary: 'One of the caller’s webhook endpoints',
  auth: OWNER,
  params: ID,
  ok: { status: 200, data: WebhookEndpointShape },
});

/** PUT /api/webhooks/{id}: change url, events, description, or enable/disable. */
export const updateWebhookEndpoint = operation({
  id: 'updateWebhookEndpoint',
  method: 'put',
  path: '/webhooks/:id',
  tag: TAG,
  summary: 'Change an endpoint (url, events, description), or disable / enable it',
  description: 'Enabling clears the failing state. Disabling fails the deliveries still waiting.',
  auth: OWNER,
  params: ID,
  body: {
    json: z.object({
      url: z.string().optional(),
      events: z.array(EventType).min(1).optional(),
      description: z.string().max(200).optional(),
      enabled: z.boolean().optional(),
    }),
  },
  ok: { status: 200, data: WebhookEndpointShape },
});

/** DELETE /api/webhooks/{id}: remove an endpoint and its delivery log. */
export const deleteWebhookEndpoint = operation({
  id: 'deleteWebhookEndpoint',
  method: 'delete',
  path: '/webhooks/:id',
  tag: TAG,
  summary: 'Remove an endpoint (and its delivery log)',
  auth: OWNER,
  params: ID,
  ok: { status: 200, data: WebhookEndpointShape },
});

/** POST /api/webhooks/{id}/rotate-secret: a new secret; the old one keeps signing for 24 hours. */
export const rotateWebhookSecret = operation({
  id: 'rotateWebhookSecret',
  method: 'post',
  path: '/webhooks/:id/rotate-secret',
  tag: TAG,
  summary: 'Rotate the signing secret (the old one also signs for 24 hours)',
  auth: OWNER,
  params: ID,
  ok: { status: 200, data: WithSecret },
});

/** GET /api/webhooks/{id}/deliveries: the last 50 deliveries. */
export const listWebhookDeliveries = operation({
  id: 'listWebhookDeliveries',
  method: 'get',
  path: '/webhooks/:id/deliveries',
  tag: TAG,
  summary: 'The last 50 deliveries to an endpoint, newest first',
  auth: OWNER,
  params: ID,
  ok: { status: 200, data: z.array(WebhookDeliveryShape) },
});
