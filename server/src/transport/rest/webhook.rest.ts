import type { Request } from 'express';
import type { WebhookDelivery, WebhookEndpoint, WebhookService } from '../../modules/webhook';
import { unwrapData } from '../../kernel/validation';
import type { AuthDeps } from './auth';
import * as ops from './contract/webhook.contract';
import type { RestApi } from './mount';
import { withLegacyId } from './presenters';
import { route, sendData } from './respond';

/** The services this adapter calls; the composition root passes them. */
export interface WebhookRestDeps extends AuthDeps {
  webhooks: WebhookService;
}

/** An endpoint as its owner sees it: named fields only (never the sealed secrets or the owner id). */
export function presentWebhookEndpoint(e: WebhookEndpoint) {
  return withLegacyId({
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    scope: e.scope,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince,
    previousSecretExpiresAt: e.previousSecretExpiresAt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  });
}

/** A delivery in the log: what was sent when, and what the receiver answered (never the payload). */
export function presentWebhookDelivery(d: WebhookDelivery) {
  return withLegacyId({
    id: d.id,
    eventType: d.eventType,
    status: d.status.toUpperCase(),
    attempts: d.attempts,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt,
    nextAttemptAt: d.nextAttemptAt,
    deliveredAt: d.deliveredAt,
    responseStatus: d.responseStatus,
    lastError: d.lastError,
  });
}

const meta = (req: Request) => ({ ip: req.ip ?? null });

/** The REST twins of the webhook fields (issue 36) under /api/webhooks, over the same service. */
export function webhookRoutes(api: RestApi, services: WebhookRestDeps): void {
  const { webhooks } = services;
  api.mount(
    ops.listWebhookEndpoints,
    route(async (req, res) => sendData(res, (await webhooks.list(req.user!)).map(presentWebhookEndpoint))),
  );
  api.mount(
    ops.createWebhookEndpoint,
    route(async (req, res) => {
      const { endpoint, secret } = await webhooks.create(req.user!, unwrapData(req.body), meta(req));
      sendData(res, { endpoint: presentWebhookEndpoint(endpoint), secret }, 201);
    }),
  );
  // Fixed paths before `/webhooks/:id`.
  api.mount(
    ops.listWebhookEventTypes,
    route(async (_req, res) => sendData(res, [...webhooks.eventTypes()])),
  );
  api.mount(
    ops.redeliverWebhook,
    route(async (req, res) =>
      sendData(
        res,
        presentWebhookDelivery(await webhooks.redeliver(req.user!, req.params.deliveryId as string, meta(req))),
      ),
    ),
  );
  api.mount(
    ops.getWebhookEndpoint,
    route(async (req, res) =>
      sendData(res, presentWebhookEndpoint(await webhooks.get(req.user!, req.params.id as string))),
    ),
  );
  api.mount(
    ops.updateWebhookEndpoint,
    route(async (req, res) => {
      const updated = await webhooks.update(req.user!, req.params.id as string, unwrapData(req.body), meta(req));
      sendData(res, presentWebhookEndpoint(updated));
    }),
  );
  api.mount(
    ops.deleteWebhookEndpoint,
    route(async (req, res) =>
      sendData(res, presentWebhookEndpoint(await webhooks.delete(req.user!, req.params.id as string, meta(req)))),
    ),
  );
  api.mount(
    ops.rotateWebhookSecret,
    route(async (req, res) => {
      const { endpoint, secret } = await webhooks.rotateSecret(req.user!, req.params.id as string, meta(req));
      sendData(res, { endpoint: presentWebhookEndpoint(endpoint), secret });
    }),
  );
  api.mount(
    ops.listWebhookDeliveries,
    route(async (req, res) =>
      sendData(res, (await webhooks.deliveryLog(req.user!, req.params.id as string)).map(presentWebhookDelivery)),
    ),
  );
}
