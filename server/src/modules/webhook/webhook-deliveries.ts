import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Clock } from '../../kernel/clock';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { BackgroundWork, JobQueue, JobRun, RetryPolicy } from '../../platform/jobs';
import type { RecordedEvent } from '../../platform/timeline';
import { UserType } from '../user';
import { mayBeWebhookEvent, webhookEventsFor } from './webhook-events';
import { transactionFacts, webhookBody, type WebhookPayload } from './webhook-payload';
import { postWebhook, type PostOptions } from './webhook-post';
import { nextAttemptAt } from './retry-schedule';
import type { EndpointHealth } from './endpoint-health';
import type { EndpointSecrets } from './endpoint-secrets';

/** The pg-boss queue of delivery attempts: one live job per waiting delivery, carrying only its id. */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/**
 * pg-boss retries of one job: only when it could not attempt at all (the row was busy or not due
 * yet, the database was down). A failed HTTP attempt is not a job failure: it schedules the next
 * attempt as a new job at the time the retry schedule says.
 */
const JOB_RETRIES: RetryPolicy = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true };

/** The fallback job of a new delivery starts this late: normally the in-process attempt has made it by then. */
const FALLBACK_AFTER_SECONDS = 5;

/** Deliveries kept per endpoint (the log shows 50); older finished ones are pruned as new ones finish. */
export const KEPT_PER_ENDPOINT = 100;

/** In-process attempts of one batch run this many at a time (a settlement batch must not open hundreds of connections at once). */
const IN_PROCESS_CONCURRENCY = 8;

/** Longest error kept on a delivery. */
const ERROR_MAX = 300;

/** What one delivery call did. `busy`: another sender holds it; `stale`: the job is not the row's; `retry`: it failed, another attempt is scheduled. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'busy' | 'not_due' | 'stale' | 'disabled' | 'missing';

/** A claimed delivery with what sending it needs. */
interface Claimed {
  id: string;
  endpoint_id: string;
  payload: WebhookPayload;
  attempts: number;
  redelivery: boolean;
  job_id: string | null;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/** SQL: rows a sender may claim at `now` (a parameter): due and waiting, or held by a sender whose lease ran out (it died). */
const claimable = (now: string) =>
  `((d.status = 'queued' AND d.next_attempt_at <= ${now}) OR (d.status = 'sending' AND d.lease_until < ${now}))`;

/** An error as stored and logged: code and message, never the URL (its path or query may hold the receiver's token), bounded. */
function describe(err: unknown, url: string): string {
  const e = err as { code?: unknown; message?: unknown };
  const text = `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${typeof e?.message === 'string' ? e.message : String(err)}`;
  return text.split(url).join('[url]').slice(0, ERROR_MAX);
}

/** Why a 3xx or other non-2xx answer failed the attempt. */
const answerError = (status: number) =>
  status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`;

/**
 * Webhook deliveries (issue 36), built like the mail outbox: `enqueue` runs in the transaction
 * that records transaction events and writes one `webhook_delivery` row per matching endpoint and
 * event with its `webhook.deliver` job (one INSERT each for the batch), so deliveries exist exactly
 * when their event commits. After the commit each is attempted in-process; the job is the durable
 * fallback. A sender claims the row first (queued → sending, with a lease), so no attempt is ever
 * made twice at once, on one instance or several. A failed attempt schedules the next one on the
 * retry schedule (retry-schedule.ts), by the injected clock, as a new job; the last one fails the
 * delivery for good.
 */
export class WebhookDeliveries {
  private readonly leaseSeconds: number;

  constructor(
    private readonly ds: DataSource,
    private readonly jobs: JobQueue,
    private readonly background: BackgroundWork,
    private readonly secrets: EndpointSecrets,
    private readonly health: EndpointHealth,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly post: PostOptions,
  ) {
    // A claim outlives any attempt: the whole request is bounded by the timeout.
    this.leaseSeconds = Math.ceil(post.timeoutMs / 1000) + 60;
  }

  /**
   * The listener on the transaction timeline: the batch's events become deliveries to every enabled
   * endpoint subscribed to them whose owner is the transaction's user, or which has the ALL scope
   * and an administrator owner. One query when no endpoint matches; else one more for the
   * transactions, one INSERT of the deliveries and one of their jobs, however big the batch.
   */
  async enqueue(m: EntityManager, events: RecordedEvent[]): Promise<void> {
    const candidates = events.filter((e) => mayBeWebhookEvent(e.kind));
    if (!candidates.length) return;
    const endpoints = await sqlRows<{ id: string; user_id: string; scope: string; events: string[] }>(
      m,
      `SELECT e.id, e.user_id, e.scope, e.events FROM webhook_endpoint e
        WHERE e.enabled AND (e.user_id = ANY($1::uuid[])
           OR (e.scope = 'ALL' AND EXISTS (SELECT 1 FROM app_user u WHERE u.id = e.user_id AND u.type = $2)))`,
      [[...new Set(candidates.map((e) => e.userId))], UserType.ADMIN],
    );
    if (!endpoints.length) return;
    const facts = await transactionFacts(m, [...new Set(candidates.map((e) => e.transactionId))]);
    const rows = candidates.flatMap((event) => {
      const transaction = facts.get(event.transactionId);
      if (!transaction) return [];
      return webhookEventsFor(event.kind, transaction.trxType).flatMap((type) => {
        const payload: WebhookPayload = { type, timestamp: event.at.toISOString(), data: { transaction } };
        return endpoints
          .filter((ep) => ep.events.includes(type) && (ep.scope === 'ALL' || ep.user_id === event.userId))
          .map((ep) => ({ id: randomUUID(), jobId: randomUUID(), endpointId: ep.id, type, payload }));
      });
    });
    if (!rows.length) return;
    await m.query(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_type, payload, job_id, next_attempt_at, created_at)
       SELECT *, $6::timestamptz, $6::timestamptz FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::jsonb[], $5::uuid[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.endpointId),
        rows.map((r) => r.type),
        rows.map((r) => JSON.stringify(r.payload)),
        rows.map((r) => r.jobId),
        this.clock.now(),
      ],
    );
    await this.jobs.sendManyIn(
      m,
      WEBHOOK_DELIVER_JOB,
      rows.map((r) => ({ id: r.jobId, data: { deliveryId: r.id } })),
      { ...JOB_RETRIES, startAfterSeconds: FALLBACK_AFTER_SECONDS },
    );
    const ids = rows.map((r) => r.id);
    this.background.runAfterCommit(m, WEBHOOK_DELIVER_JOB, () => this.attemptAll(ids));
  }

  /** The in-process first attempts of a batch, a few at a time; whatever this process does not finish, the jobs do. */
  private async attemptAll(ids: string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        await this.deliver(id).catch((err: unknown) =>
          this.logger.warn({ err, deliveryId: id }, 'in-process webhook attempt failed; its job will retry'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_PROCESS_CONCURRENCY, ids.length) }, worker));
  }

  /**
   * One attempt: claims the row, POSTs the signed payload, records the answer. Any number of callers
   * may race (the in-process attempt, jobs on several instances): one claim wins, the rest get
   * `busy` or the final state. `jobId` (the job's own run) makes a job that is no longer the row's
   * do nothing.
   */
  async deliver(id: string, { jobId }: { jobId?: string } = {}): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const [row] = await sqlRows<Claimed>(
      this.ds,
      `UPDATE webhook_delivery d
          SET status = 'sending', attempts = d.attempts + 1, lease_until = $3, last_attempt_at = $2
         FROM webhook_endpoint e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.enabled AND ${claimable('$2')}
          AND ($4::uuid IS NULL OR d.job_id = $4)
        RETURNING d.id, d.endpoint_id, d.payload, d.attempts, d.redelivery, d.job_id, e.url,
                  e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at`,
      [id, now, new Date(now.getTime() + this.leaseSeconds * 1000), jobId ?? null],
    );
    if (!row) return this.outcomeOf(id, jobId, now);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const body = webhookBody(row.payload);
      const sealed = {
        endpointId: row.endpoint_id,
        secretSealed: row.secret_sealed,
        previousSecretSealed: row.previous_secret_sealed,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      };
      const headers = this.secrets.headers(sealed, row.id, now, body);
      status = await postWebhook(new URL(row.url), body, headers, this.post);
      if (status < 200 || status >= 300) error = answerError(status);
    } catch (err) {
      error = describe(err, row.url);
    }
    if (error === null) return this.delivered(row, status!, jobId);
    return this.attemptFailed(row, status, error);
  }

  /** Records a 2xx: delivered, the endpoint no longer failing; the fallback job is cancelled when this was not it. */
  private async delivered(row: Claimed, status: number, jobId: string | undefined): Promise<DeliveryOutcome> {
    await this.ds.transaction(async (m) => {
      const [done] = await sqlRows(
        m,
        `UPDATE webhook_delivery SET status = 'delivered', delivered_at = $2, lease_until = NULL, next_attempt_at = NULL,
                response_status = $3, last_error = NULL, redelivery = false
          WHERE id = $1 AND status = 'sending' RETURNING id`,
        [row.id, this.clock.now(), status],
      );
      if (!done) return;
      await this.health.succeeded(m, row.endpoint_id);
      await this.prune(m, row.endpoint_id);
    });
    if (!jobId && row.job_id) await this.jobs.cancel(WEBHOOK_DELIVER_JOB, row.job_id).catch(() => undefined);
    return 'delivered';
  }

  /** Records a failed attempt: queued again with a job at the next retry time, or failed for good. */
  private async attemptFailed(row: Claimed, status: number | null, error: string): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const next = row.redelivery ? null : nextAttemptAt(row.attempts, now);
    const jobId = next ? randomUUID() : null;
    await this.ds.transaction(async (m) => {
      const [updated] = await sqlRows(
        m,
        `UPDATE webhook_delivery SET status = $2, lease_until = NULL, next_attempt_at = $3, response_status = $4,
                last_error = $5, job_id = COALESCE($6, job_id), redelivery = false
          WHERE id = $1 AND status = 'sending' RETURNING id`,
        [row.id, next ? 'queued' : 'failed', next, status, error, jobId],
      );
      if (!updated) return;
      if (next)
        await this.jobs.sendIn(
          m,
          WEBHOOK_DELIVER_JOB,
          { deliveryId: row.id },
          // A delay, not a moment: the queue waits in the database's time, which an offset test clock
          // (e2e) does not move; the claim still compares next_attempt_at with the injected clock.
          {
            ...JOB_RETRIES,
            id: jobId!,
            startAfterSeconds: Math.max(0, Math.ceil((next.getTime() - now.getTime()) / 1000)),
          },
        );
      else await this.prune(m, row.endpoint_id);
      await this.health.failed(m, row.endpoint_id, error, now);
    });
    this.logger.warn(
      { deliveryId: row.id, endpointId: row.endpoint_id, attempt: row.attempts, error, nextAttemptAt: next },
      next ? 'webhook delivery attempt failed; it will be retried' : 'webhook delivery failed for good',
    );
    return next ? 'retry' : 'failed';
  }

  /** Why a row could not be claimed; a waiting delivery of a disabled endpoint fails now. */
  private async outcomeOf(id: string, jobId: string | undefined, now: Date): Promise<DeliveryOutcome> {
    const [row] = await sqlRows<{
      status: string;
      job_id: string | null;
      next_attempt_at: Date | null;
      enabled: boolean;
    }>(
      this.ds,
      `SELECT d.status, d.job_id, d.next_attempt_at, e.enabled
         FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [id],
    );
    if (!row) return 'missing';
    if (row.status === 'delivered' || row.status === 'failed') return row.status;
    if (jobId && row.job_id !== jobId) return 'stale';
    if (!row.enabled) {
      await this.ds.query(
        `UPDATE webhook_delivery SET status = 'failed', last_error = 'endpoint disabled', next_attempt_at = NULL
          WHERE id = $1 AND status = 'queued'`,
        [id],
      );
      return 'disabled';
    }
    if (row.status === 'queued' && row.next_attempt_at && new Date(row.next_attempt_at) > now) return 'not_due';
    return 'busy';
  }

  /** The `webhook.deliver` job: one attempt; throwing (busy, not yet due) makes pg-boss run it again later. */
  async runJob(job: JobRun<{ deliveryId: string }>): Promise<void> {
    const outcome = await this.deliver(job.data.deliveryId, { jobId: job.id });
    if (outcome === 'busy' || outcome === 'not_due')
      throw new Error(`webhook delivery ${job.data.deliveryId} not attempted (${outcome})`);
  }

  /**
   * A new attempt of delivery `id` now, with the same webhook-id (its owner asked). A delivered or
   * failed one gets this single attempt (its failure does not start the retries again); a waiting
   * one is simply made due. Refused while an attempt is under way.
   */
  async redeliver(m: EntityManager, id: string): Promise<void> {
    const jobId = randomUUID();
    const [row] = await sqlRows(
      m,
      `UPDATE webhook_delivery SET status = 'queued', next_attempt_at = $2, job_id = $3, lease_until = NULL,
              redelivery = (status <> 'queued')
        WHERE id = $1 AND status IN ('queued', 'delivered', 'failed') RETURNING id`,
      [id, this.clock.now(), jobId],
    );
    if (!row) throw new AppError(ErrorCode.CONFLICT, 'This delivery is being sent right now: wait for its answer');
    await this.jobs.sendIn(
      m,
      WEBHOOK_DELIVER_JOB,
      { deliveryId: id },
      { ...JOB_RETRIES, id: jobId, startAfterSeconds: FALLBACK_AFTER_SECONDS },
    );
    this.background.runAfterCommit(m, WEBHOOK_DELIVER_JOB, () => this.deliver(id));
  }

  /**
   * Gives a new job to deliveries that are due but have no live job (their job ran out of retries,
   * or an operator re-queued them), and to claims whose lease ran out. Run by the Scheduler;
   * returns how many it re-queued.
   */
  async requeueStranded(limit = 100): Promise<number> {
    await this.jobs.start();
    const now = this.clock.now();
    const stranded = await sqlRows<{ id: string; job_id: string | null }>(
      this.ds,
      `SELECT d.id, d.job_id FROM webhook_delivery d
        WHERE d.status IN ('queued', 'sending') AND ${claimable('$1')}
          AND NOT ${this.jobs.liveJobCondition('d.job_id', WEBHOOK_DELIVER_JOB)}
        ORDER BY d.next_attempt_at LIMIT $2`,
      [now, limit],
    );
    let requeued = 0;
    for (const { id, job_id: oldJob } of stranded) {
      await this.ds.transaction(async (m) => {
        const jobId = randomUUID();
        const [row] = await sqlRows(
          m,
          `UPDATE webhook_delivery d SET status = 'queued', lease_until = NULL, job_id = $3,
                  next_attempt_at = LEAST(d.next_attempt_at, $2)
            WHERE d.id = $1 AND ${claimable('$2')} AND d.job_id IS NOT DISTINCT FROM $4 RETURNING d.id`,
          [id, now, jobId, oldJob],
        );
        if (!row) return;
        await this.jobs.sendIn(m, WEBHOOK_DELIVER_JOB, { deliveryId: id }, { ...JOB_RETRIES, id: jobId });
        requeued += 1;
      });
    }
    if (requeued) this.logger.info({ requeued }, 'stranded webhook deliveries re-queued');
    return requeued;
  }

  /** Deletes an endpoint's finished deliveries beyond the newest KEPT_PER_ENDPOINT (one indexed statement). */
  private async prune(m: EntityManager, endpointId: string): Promise<void> {
    await m.query(
      `DELETE FROM webhook_delivery
        WHERE endpoint_id = $1 AND status IN ('delivered', 'failed')
          AND (created_at, id) < (SELECT created_at, id FROM webhook_delivery WHERE endpoint_id = $1
                                   ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1)`,
      [endpointId, KEPT_PER_ENDPOINT - 1],
    );
  }
}
