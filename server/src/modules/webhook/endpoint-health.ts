import type { Locale } from '@cryptovest/common';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { AuditService } from '../../platform/audit';
import { greetingName, type MailOutbox, webhookDisabledMail } from '../../platform/mail';
import { DISABLE_AFTER_FAILING_MS } from './retry-schedule';

/** What `disabled_reason` says when the failing rule turned an endpoint off. */
export const FAILING_REASON = 'Turned off after its deliveries failed for 5 days without a success';

/** Fails the deliveries still waiting for an endpoint that was just turned off (its owner can redeliver them once it is on again). */
export async function stopWaiting(m: EntityManager, endpointId: string): Promise<void> {
  await m.query(
    `UPDATE webhook_delivery SET status = 'failed', last_error = 'endpoint disabled', next_attempt_at = NULL, redelivery = false
      WHERE endpoint_id = $1 AND status = 'queued'`,
    [endpointId],
  );
}

/**
 * Whether an endpoint is failing: `failing_since` is set by its first failed attempt and cleared by
 * any success; a failed attempt 5 days after it turns the endpoint off, fails what still waits
 * for it and mails its owner through the outbox, all in the attempt's transaction.
 */
export class EndpointHealth {
  constructor(
    private readonly outbox: Pick<MailOutbox, 'queue'>,
    private readonly audit: AuditService,
    private readonly brand: string,
  ) {}

  /** A delivery succeeded: the endpoint is not failing (whatever failed before). */
  async succeeded(m: EntityManager, endpointId: string): Promise<void> {
    await m.query(`UPDATE webhook_endpoint SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [
      endpointId,
    ]);
  }

  /** An attempt failed at `now`: the endpoint is failing since then (or earlier), and off after 5 days of it. */
  async failed(m: EntityManager, endpointId: string, error: string, now: Date): Promise<void> {
    const [row] = await sqlRows<{ failing_since: Date }>(
      m,
      `UPDATE webhook_endpoint SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 AND enabled RETURNING failing_since`,
      [endpointId, now],
    );
    if (row && now.getTime() - new Date(row.failing_since).getTime() >= DISABLE_AFTER_FAILING_MS)
      await this.disable(m, endpointId, error, now);
  }

  /** Turns the endpoint off for failing, once, and tells its owner. */
  private async disable(m: EntityManager, endpointId: string, lastError: string, now: Date): Promise<void> {
    const [ep] = await sqlRows<{
      user_id: string;
      url: string;
      description: string;
      failing_since: Date;
      email: string;
      full_name: string;
      email_verified_at: Date | null;
      locale: Locale;
    }>(
      m,
      `UPDATE webhook_endpoint e SET enabled = false, disabled_reason = $2, updated_at = $3
         FROM app_user u
        WHERE e.id = $1 AND e.enabled AND u.id = e.user_id
        RETURNING e.user_id, e.url, e.description, e.failing_since, u.email, u.full_name, u.email_verified_at, u.locale`,
      [endpointId, FAILING_REASON, now],
    );
    if (!ep) return;
    await stopWaiting(m, endpointId);
    const host = new URL(ep.url).host;
    await this.audit.record(
      {
        action: 'webhook.disabled',
        actorId: null,
        subjectType: 'webhook_endpoint',
        subjectId: endpointId,
        metadata: { host, failingSince: ep.failing_since, reason: FAILING_REASON },
      },
      m,
    );
    await this.outbox.queue(m, {
      kind: 'webhook_disabled',
      to: ep.email,
      userId: ep.user_id,
      content: webhookDisabledMail(
        { brand: this.brand, locale: ep.locale },
        greetingName({ fullName: ep.full_name, emailVerifiedAt: ep.email_verified_at }),
        { host, description: ep.description, failingSince: new Date(ep.failing_since), lastError },
      ),
    });
  }
}
