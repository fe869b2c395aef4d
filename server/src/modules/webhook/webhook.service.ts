import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../kernel/clock';
import { AppError, ErrorCode } from '../../kernel/errors';
import { idParam } from '../../kernel/ids';
import { validate } from '../../kernel/validation';
import type { AuditService } from '../../platform/audit';
import { type RequestMeta, seesEverything } from '../identity';
import type { AuthUser } from '../user';
import { stopWaiting } from './endpoint-health';
import type { EndpointSecrets } from './endpoint-secrets';
import { refusedTarget, type ResolveAll, webhookUrlProblem } from './target-guard';
import type { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint, WebhookScope } from './webhook-endpoint.entity';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';
import { endpointChangesSchema, knownEvents, MAX_ENDPOINTS_PER_USER, newEndpointSchema } from './webhook-input';
import { newWebhookSecret } from './webhook-signature';

/** Deliveries the log shows per endpoint, newest first. */
export const DELIVERY_LOG_SIZE = 50;

/** How long deliveries keep being signed with the secret before a rotation as well. */
export const ROTATION_OVERLAP_HOURS = 24;

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

/** A new endpoint as callers send it (GraphQL input or REST body; checked here). */
export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description?: string | null;
  scope?: WebhookScope | null;
}

/** Changes to an endpoint; absent or null fields stay as they are. */
export interface WebhookEndpointChanges {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

/** An endpoint with its signing secret: the only time the secret is shown (creation, rotation). */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** The URL rules the service applies (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_TARGETS) and how it resolves names. */
export interface TargetRules {
  allowHttp: boolean;
  allowPrivateTargets: boolean;
  resolveAll: ResolveAll;
}

/** Audit metadata of an endpoint: its host and events, never the whole URL (its path or query may hold a token). */
const described = (e: WebhookEndpoint) => ({ host: new URL(e.url).host, events: e.events, scope: e.scope });

/**
 * Users' webhook endpoints (issue 36): the one service GraphQL and REST call. Every read and change
 * is scoped to the caller's own endpoints (another user's id is "not found"); the ALL scope is for
 * callers who see every account. URLs are checked by form and by where they lead (target-guard.ts)
 * before they are stored; creation, changes, rotations and deletions are audited.
 */
export class WebhookService {
  constructor(
    private readonly ds: DataSource,
    private readonly deliveries: WebhookDeliveries,
    private readonly secrets: EndpointSecrets,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly rules: TargetRules,
  ) {}

  /** Every event type an endpoint can subscribe to. */
  eventTypes(): readonly WebhookEventType[] {
    return WEBHOOK_EVENT_TYPES;
  }

  /** The caller's endpoints, newest first. */
  list(caller: AuthUser): Promise<WebhookEndpoint[]> {
    return this.ds.getRepository(WebhookEndpoint).find({
      where: { userId: caller.id },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** One of the caller's endpoints (NOT_FOUND for anyone else's). */
  async get(caller: AuthUser, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.ds
      .getRepository(WebhookEndpoint)
      .findOneBy({ id: idParam(id, ENDPOINT_NOT_FOUND), userId: caller.id });
    if (!endpoint) throw new AppError(ErrorCode.NOT_FOUND, ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  /** Creates an endpoint for the caller; the secret in the answer is shown this once. */
  async create(caller: AuthUser, input: NewWebhookEndpoint | unknown, meta: RequestMeta): Promise<EndpointWithSecret> {
    const data = await validate(newEndpointSchema, input);
    const events = knownEvents(data.events);
    const scope = data.scope ?? WebhookScope.OWN;
    if (scope === WebhookScope.ALL && !seesEverything(caller))
      throw AppError.field('scope', "Only administrators can receive every account's events (scope ALL)");
    const url = await this.checkedUrl(data.url);
    const secret = newWebhookSecret();
    const id = randomUUID();
    const now = this.clock.now();
    const endpoint = await inTransaction(this.ds, async (m) => {
      // One user's creations run one at a time, so the cap holds under parallel requests.
      await m.query(`SELECT id FROM app_user WHERE id = $1 FOR UPDATE`, [caller.id]);
      const [{ count }] = await sqlRows<{ count: number }>(
        m,
        `SELECT count(*)::int AS count FROM webhook_endpoint WHERE user_id = $1`,
        [caller.id],
      );
      if (count >= MAX_ENDPOINTS_PER_USER)
        throw new AppError(
          ErrorCode.CONFLICT,
          `You already have ${MAX_ENDPOINTS_PER_USER} webhook endpoints: delete one first`,
        );
      const made = m.getRepository(WebhookEndpoint).create({
        id,
        userId: caller.id,
        url,
        description: data.description ?? '',
        events,
        scope,
        enabled: true,
        disabledReason: null,
        secretSealed: this.secrets.seal(id, secret),
        previousSecretSealed: null,
        previousSecretExpiresAt: null,
        failingSince: null,
        createdAt: now,
        updatedAt: now,
      });
      await m.getRepository(WebhookEndpoint).insert(made);
      await this.record(m, 'webhook.created', caller, made, meta);
      return m.getRepository(WebhookEndpoint).findOneByOrFail({ id }); // as reads show it: without the sealed secret
    });
    return { endpoint, secret };
  }

  /**
   * Changes the caller's endpoint. Turning it off fails what waits for it; turning it back on
   * clears its failing state (it gets five more days).
   */
  async update(
    caller: AuthUser,
    id: string,
    input: WebhookEndpointChanges | unknown,
    meta: RequestMeta,
  ): Promise<WebhookEndpoint> {
    const data = await validate(endpointChangesSchema, input);
    const events = data.events == null ? null : knownEvents(data.events);
    const url = data.url == null ? null : await this.checkedUrl(data.url);
    return inTransaction(this.ds, async (m) => {
      const endpoint = await this.lockOwn(m, caller, id);
      const changes: Partial<WebhookEndpoint> = {};
      if (url !== null && url !== endpoint.url) changes.url = url;
      if (events !== null) changes.events = events;
      if (data.description != null) changes.description = data.description;
      if (data.enabled != null && data.enabled !== endpoint.enabled) {
        changes.enabled = data.enabled;
        changes.disabledReason = data.enabled ? null : 'Turned off by its owner';
        changes.failingSince = null;
        if (!data.enabled) await stopWaiting(m, endpoint.id);
      }
      const changed = Object.keys(changes);
      if (!changed.length) return endpoint;
      Object.assign(endpoint, changes, { updatedAt: this.clock.now() });
      await m.getRepository(WebhookEndpoint).update(endpoint.id, { ...changes, updatedAt: endpoint.updatedAt });
      await this.record(m, 'webhook.updated', caller, endpoint, meta, { changed, enabled: endpoint.enabled });
      return endpoint;
    });
  }

  /**
   * A new signing secret for the caller's endpoint, shown this once. For 24 hours deliveries carry
   * a signature with the old one too, so receivers can switch without missing an event.
   */
  async rotateSecret(caller: AuthUser, id: string, meta: RequestMeta): Promise<EndpointWithSecret> {
    const secret = newWebhookSecret();
    const endpoint = await inTransaction(this.ds, async (m) => {
      const e = await this.lockOwn(m, caller, id);
      const now = this.clock.now();
      e.previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3600 * 1000);
      e.updatedAt = now;
      // The current secret becomes the previous one; the one before it is forgotten.
      await m.query(
        `UPDATE webhook_endpoint SET previous_secret_sealed = secret_sealed, previous_secret_expires_at = $2,
                secret_sealed = $3, updated_at = $4 WHERE id = $1`,
        [e.id, e.previousSecretExpiresAt, this.secrets.seal(e.id, secret), now],
      );
      await this.record(m, 'webhook.secret_rotated', caller, e, meta, {
        previousValidUntil: e.previousSecretExpiresAt,
      });
      return e;
    });
    return { endpoint, secret };
  }

  /** Deletes the caller's endpoint and its deliveries; returns it as it was. */
  async delete(caller: AuthUser, id: string, meta: RequestMeta): Promise<WebhookEndpoint> {
    return inTransaction(this.ds, async (m) => {
      const endpoint = await this.lockOwn(m, caller, id);
      await m.query(`DELETE FROM webhook_endpoint WHERE id = $1`, [endpoint.id]);
      await this.record(m, 'webhook.deleted', caller, endpoint, meta);
      return endpoint;
    });
  }

  /** The last 50 deliveries of the caller's endpoint, newest first. */
  async deliveryLog(caller: AuthUser, endpointId: string): Promise<WebhookDelivery[]> {
    const endpoint = await this.get(caller, endpointId);
    return this.ds.getRepository(WebhookDelivery).find({
      where: { endpointId: endpoint.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: DELIVERY_LOG_SIZE,
    });
  }

  /** A new attempt of one of the caller's deliveries, now, with the same webhook-id; the endpoint must be on. */
  async redeliver(caller: AuthUser, deliveryId: string, meta: RequestMeta): Promise<WebhookDelivery> {
    const id = idParam(deliveryId, DELIVERY_NOT_FOUND);
    return inTransaction(this.ds, async (m) => {
      const [owned] = await sqlRows<{ enabled: boolean; endpoint_id: string }>(
        m,
        `SELECT e.enabled, e.id AS endpoint_id FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
          WHERE d.id = $1 AND e.user_id = $2 FOR UPDATE OF e`,
        [id, caller.id],
      );
      if (!owned) throw new AppError(ErrorCode.NOT_FOUND, DELIVERY_NOT_FOUND);
      if (!owned.enabled)
        throw new AppError(ErrorCode.CONFLICT, 'This endpoint is turned off: turn it on before redelivering');
      await this.deliveries.redeliver(m, id);
      await this.audit.record(
        {
          action: 'webhook.redelivered',
          actorId: caller.id,
          subjectType: 'webhook_endpoint',
          subjectId: owned.endpoint_id,
          ip: meta.ip,
          metadata: { deliveryId: id, ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}) },
        },
        m,
      );
      return m.getRepository(WebhookDelivery).findOneByOrFail({ id });
    });
  }

  /** The caller's endpoint `id`, locked for a change (NOT_FOUND for anyone else's). */
  private async lockOwn(m: EntityManager, caller: AuthUser, id: string): Promise<WebhookEndpoint> {
    const endpoint = await m.getRepository(WebhookEndpoint).findOne({
      where: { id: idParam(id, ENDPOINT_NOT_FOUND), userId: caller.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!endpoint) throw new AppError(ErrorCode.NOT_FOUND, ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  /** `raw` as a URL deliveries may go to: its form, then (unless private targets are allowed) where it leads. */
  private async checkedUrl(raw: string): Promise<string> {
    const problem = webhookUrlProblem(raw, this.rules);
    if (problem) throw AppError.field('url', problem);
    const url = new URL(raw);
    const refused = this.rules.allowPrivateTargets ? null : await refusedTarget(url, this.rules.resolveAll);
    if (refused)
      throw AppError.field(
        'url',
        `url must point to a public address: ${refused} (webhooks never call internal networks)`,
      );
    return url.href;
  }

  /** One audit entry about an endpoint, by the caller (and their API key). */
  private record(
    m: EntityManager,
    action: string,
    caller: AuthUser,
    endpoint: WebhookEndpoint,
    meta: RequestMeta,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    return this.audit.record(
      {
        action,
        actorId: caller.id,
        subjectType: 'webhook_endpoint',
        subjectId: endpoint.id,
        ip: meta.ip,
        metadata: { ...described(endpoint), ...extra, ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}) },
      },
      m,
    );
  }
}
