import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../audit';
import type { BackgroundWork, JobQueue, JobRun, RetryPolicy } from '../jobs';
import type { Mailer } from './mailer';
import type { MailContent } from './templates';
import type { ModuleWork } from '../jobs';

/** What a mail is about; kept on the row after its bodies are blanked, and in the audit log. */
export type MailKind =
  | 'verify_code'
  | 'reset_code'
  | 'password_changed'
  | 'codes_locked'
  | 'second_factor_locked'
  | 'enrolment_code'
  | 'security_notice'
  | 'address_changed'
  | 'withdrawal_requested'
  | 'contact_message'
  | 'notification'
  | 'chain_alert'
  | 'webhook_disabled'
  | 'operator_alert';

/** Kinds whose bodies hold a one-time code: blanked even when they fail for good (a stale code is useless). */
const CODE_KINDS: ReadonlySet<MailKind> = new Set(['verify_code', 'reset_code', 'enrolment_code']);

/** Code mails are retried before notices: a code lives only 10 minutes. */
const CODE_PRIORITY = 10;

/** A mail to queue, and what it belongs to. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  content: MailContent;
  userId?: string | null;
  contactMessageId?: string | null;
}

/** How delivery is retried, and how long a claim holds a row before another sender may take it over. */
export interface DeliveryPolicy extends RetryPolicy {
  leaseSeconds: number;
}

/** Production policy: 10 retries, waits from 15-30 s doubling with jitter (4 to 8 hours in all). */
export const DEFAULT_DELIVERY_POLICY: Readonly<DeliveryPolicy> = Object.freeze({
  retryLimit: 10,
  retryDelaySeconds: 15,
  retryBackoff: true,
  leaseSeconds: 120,
});

/** The pg-boss queue of deliveries: one job per outbox row, carrying only the row's id. */
export const MAIL_DELIVER_JOB = 'mail.deliver';

/** What one delivery call did. `busy`: another sender holds the row; `retry`: this attempt failed. */
export type DeliveryOutcome = 'sent' | 'failed' | 'retry' | 'busy' | 'missing';

/** The backlog, for operators and metrics. */
export interface OutboxStats {
  queued: number;
  failed: number;
  oldestQueuedSeconds: number | null;
}

/** A claimed row, ready to send. */
interface ClaimedRow {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  user_id: string | null;
  contact_message_id: string | null;
  attempts: number;
}

/** Rows no sender may take: being sent under a live lease. */
const CLAIMABLE = `(status = 'queued' OR (status = 'sending' AND lease_until < $2))`;

/** An error as stored and logged: no credentials from URLs, no code from the mail, bounded length. */
function describe(err: unknown, secrets: string[]): string {
  const e = err as { code?: unknown; message?: unknown };
  let text = `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${typeof e?.message === 'string' ? e.message : String(err)}`;
  text = text.replace(/\/\/[^/@\s]*@/g, '//[redacted]@');
  for (const s of secrets) text = text.split(s).join('[redacted]');
  return text.slice(0, 500);
}

/**
 * The mail outbox (DESIGN §3, operating rules). `queue(m, …)` writes the mail as a `mail_outbox`
 * row, its `mail.queued` audit and its `mail.deliver` job in the caller's transaction, so a mail
 * exists exactly when the event that causes it commits. Right after that commit the mail is sent
 * in-process (users never wait for polling); the job is the durable fallback, retried with
 * backoff, and does nothing if the row is already sent. A sender claims the row first
 * (queued → sending, with a lease), so no row is ever sent twice, and a claim whose process died
 * is taken over once its lease ends. Sent rows (and failed ones that held a code) keep kind,
 * recipient and times; their subject and bodies are blanked so codes do not linger.
 */
export class MailOutbox {
  constructor(
    private readonly ds: DataSource,
    private readonly mailer: Mailer,
    private readonly jobs: JobQueue,
    private readonly background: BackgroundWork,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
  ) {
    jobs.define<{ outboxId: string }>(MAIL_DELIVER_JOB, (job) => this.runJob(job));
  }

  /** Queues `mail` in the transaction of `m` (the event's); it is sent once that transaction commits. */
  async queue(m: EntityManager, mail: OutgoingMail): Promise<string> {
    const [id] = await this.queueMany(m, [mail]);
    return id;
  }

  /**
   * Queues many mails in the transaction of `m` with a constant number of statements (rows, audit
   * entries, delivery jobs: one insert each), e.g. the notices of a settlement batch.
   */
  async queueMany(m: EntityManager, mails: OutgoingMail[]): Promise<string[]> {
    if (!mails.length) return [];
    const now = this.clock.now();
    const rows = mails.map((mail) => ({ mail, id: randomUUID(), jobId: randomUUID() }));
    await m.query(
      `INSERT INTO mail_outbox (id, kind, recipient, subject, text, html, reply_to, user_id, contact_message_id, job_id, created_at)
       SELECT *, $11::timestamptz FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[], $5::text[], $6::text[],
                                              $7::varchar[], $8::uuid[], $9::uuid[], $10::uuid[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.mail.kind),
        rows.map((r) => r.mail.to),
        rows.map((r) => r.mail.content.subject),
        rows.map((r) => r.mail.content.text),
        rows.map((r) => r.mail.content.html),
        rows.map((r) => r.mail.content.replyTo ?? null),
        rows.map((r) => r.mail.userId ?? null),
        rows.map((r) => r.mail.contactMessageId ?? null),
        rows.map((r) => r.jobId),
        now,
      ],
    );
    await this.audit.recordMany(
      rows.map(({ mail, id }) => ({
        action: 'mail.queued',
        ...this.auditSubject(mail.userId, mail.contactMessageId, id),
        metadata: { kind: mail.kind, outboxId: id },
      })),
      m,
    );
    // The job's first run waits one retry delay: normally the in-process attempt has sent it by
    // then, and cancels it, so only mails that need a retry wait in the queue. Codes go first.
    await this.jobs.sendManyIn(
      m,
      MAIL_DELIVER_JOB,
      rows.map(({ mail, id, jobId }) => ({
        id: jobId,
        data: { outboxId: id },
        priority: CODE_KINDS.has(mail.kind) ? CODE_PRIORITY : 0,
      })),
      { ...this.policy, startAfterSeconds: this.policy.retryDelaySeconds },
    );
    for (const { id, jobId } of rows) {
      this.background.runAfterCommit(m, 'mail.deliver', async () => {
        if ((await this.deliver(id)) === 'sent') await this.jobs.cancel(MAIL_DELIVER_JOB, jobId);
      });
    }
    return rows.map((r) => r.id);
  }

  /**
   * One delivery attempt: claims the row, sends it, records the result. Any number of callers may
   * race (the in-process attempt, jobs on several instances): one claim wins, the rest get `busy`
   * or the final state. `last` (the job's final run) turns a failure into `failed` for good.
   */
  async deliver(id: string, { last = false }: { last?: boolean } = {}): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const leaseUntil = new Date(now.getTime() + this.policy.leaseSeconds * 1000);
    const [row] = await sqlRows<ClaimedRow>(
      this.ds,
      `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, lease_until = $3, last_attempt_at = $2
        WHERE id = $1 AND ${CLAIMABLE}
        RETURNING id, kind, recipient, subject, text, html, reply_to, user_id, contact_message_id, attempts`,
      [id, now, leaseUntil],
    );
    if (!row) return this.outcomeOf(id);
    try {
      await this.mailer.send(row.recipient, {
        subject: row.subject,
        text: row.text,
        html: row.html,
        replyTo: row.reply_to ?? undefined,
      });
    } catch (err) {
      return this.attemptFailed(row, describe(err, row.subject.match(/\d{4,}/g) ?? []), last);
    }
    await this.ds.transaction(async (m) => {
      const [done] = await sqlRows(
        m,
        `UPDATE mail_outbox SET status = 'sent', sent_at = $2, lease_until = NULL, last_error = NULL,
                subject = '', text = '', html = '', reply_to = NULL
          WHERE id = $1 AND status <> 'sent' RETURNING id`,
        [row.id, this.clock.now()],
      );
      if (!done) return;
      if (row.contact_message_id)
        await m.query(`UPDATE contact_message SET mailed_at = $2 WHERE id = $1 AND mailed_at IS NULL`, [
          row.contact_message_id,
          this.clock.now(),
        ]);
      await this.audit.record(
        {
          action: 'mail.sent',
          ...this.auditSubject(row.user_id, row.contact_message_id, row.id),
          metadata: { kind: row.kind, outboxId: row.id, attempts: row.attempts },
        },
        m,
      );
    });
    return 'sent';
  }

  /** Why a row could not be claimed. */
  private async outcomeOf(id: string): Promise<DeliveryOutcome> {
    const [row] = await sqlRows<{ status: string }>(this.ds, `SELECT status FROM mail_outbox WHERE id = $1`, [id]);
    if (!row) return 'missing';
    if (row.status === 'sent' || row.status === 'failed') return row.status;
    return 'busy';
  }

  /** Records a failed attempt: back to queued for the next retry, or failed for good on the last one. */
  private async attemptFailed(row: ClaimedRow, error: string, last: boolean): Promise<DeliveryOutcome> {
    const log = { kind: row.kind, outboxId: row.id, attempt: row.attempts, error };
    if (!last) {
      await this.ds.query(
        `UPDATE mail_outbox SET status = 'queued', lease_until = NULL, last_error = $2 WHERE id = $1 AND status = 'sending'`,
        [row.id, error],
      );
      this.logger.warn(log, 'mail delivery attempt failed; it will be retried');
      return 'retry';
    }
    const blank = CODE_KINDS.has(row.kind);
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE mail_outbox SET status = 'failed', lease_until = NULL, last_error = $2
                ${blank ? `, subject = '', text = '', html = '', reply_to = NULL` : ''}
          WHERE id = $1 AND status = 'sending'`,
        [row.id, error],
      );
      await this.audit.record(
        {
          action: 'mail.failed',
          ...this.auditSubject(row.user_id, row.contact_message_id, row.id),
          metadata: { kind: row.kind, outboxId: row.id, attempts: row.attempts },
        },
        m,
      );
    });
    this.logger.error(log, 'mail delivery failed for good (see docs/operations.md, "Mail outbox")');
    return 'failed';
  }

  /** The `mail.deliver` job: one attempt; throwing makes pg-boss retry it later (or give up, on the last run). */
  private async runJob(job: JobRun<{ outboxId: string }>): Promise<void> {
    const outcome = await this.deliver(job.data.outboxId, { last: job.retryCount >= job.retryLimit });
    if (outcome === 'retry' || outcome === 'busy' || outcome === 'failed')
      throw new Error(`mail ${job.data.outboxId} not delivered (${outcome})`);
  }

  /**
   * Gives a new job to rows left queued without a live one (re-queued by an operator, or whose
   * job ended while another sender held the row), and to claims whose lease ran out. Run by the
   * Scheduler; returns how many rows it re-queued.
   */
  async requeueStranded(limit = 100): Promise<number> {
    await this.jobs.start();
    const now = this.clock.now();
    const rows = await sqlRows<{ id: string; job_id: string | null }>(
      this.ds,
      `SELECT id, job_id FROM mail_outbox
        WHERE status <> 'sent' AND ${CLAIMABLE}
          AND NOT ${this.jobs.liveJobCondition('mail_outbox.job_id', MAIL_DELIVER_JOB)}
        ORDER BY created_at LIMIT $1`,
      [limit, now],
    );
    let requeued = 0;
    for (const stranded of rows) {
      await this.ds.transaction(async (m) => {
        const jobId = randomUUID();
        const [row] = await sqlRows(
          m,
          `UPDATE mail_outbox SET status = 'queued', lease_until = NULL, job_id = $3
            WHERE id = $1 AND ${CLAIMABLE} AND job_id IS NOT DISTINCT FROM $4 RETURNING id`,
          [stranded.id, now, jobId, stranded.job_id],
        );
        if (!row) return;
        await this.jobs.sendIn(
          m,
          MAIL_DELIVER_JOB,
          { outboxId: stranded.id },
          {
            ...this.policy,
            id: jobId,
            startAfterSeconds: this.policy.retryDelaySeconds,
          },
        );
        this.background.runAfterCommit(m, 'mail.deliver', () => this.deliver(stranded.id));
        requeued += 1;
      });
    }
    if (requeued) this.logger.info({ requeued }, 'stranded mails re-queued');
    return requeued;
  }

  /** The backlog: mails not yet sent, mails that failed for good, and how old the oldest waiting one is. */
  async stats(): Promise<OutboxStats> {
    const [row] = await sqlRows<{ queued: number; failed: number; oldest: Date | null }>(
      this.ds,
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              min(created_at) FILTER (WHERE status IN ('queued', 'sending')) AS oldest
         FROM mail_outbox WHERE status <> 'sent'`,
    );
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return {
      queued: row?.queued ?? 0,
      failed: row?.failed ?? 0,
      oldestQueuedSeconds: oldest
        ? Math.max(0, Math.floor((this.clock.now().getTime() - oldest.getTime()) / 1000))
        : null,
    };
  }

  /** Audit subject of a mail: its user when known, else its contact message, else the row. */
  private auditSubject(userId: string | null | undefined, contactMessageId: string | null | undefined, id: string) {
    if (userId) return { actorId: null, subjectType: 'user', subjectId: userId };
    if (contactMessageId) return { actorId: null, subjectType: 'contact_message', subjectId: contactMessageId };
    return { actorId: null, subjectType: 'mail_outbox', subjectId: id };
  }
}

/** How often mails left without a live delivery job (e.g. re-queued by an operator) get one. */
const MAIL_SWEEP_SECONDS = 300;

/** The outbox's own periodic work: stranded mails get a delivery job again. */
export const outboxWork = (outbox: MailOutbox): ModuleWork => ({
  periodic: [{ name: 'mail.requeueStranded', everySeconds: MAIL_SWEEP_SECONDS, run: () => outbox.requeueStranded() }],
});
