import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import { sqlRows } from '../../db/sql';
import type { ModuleWork } from '../../platform/jobs';
import { ledgerMismatchMail, type MailOutbox } from '../../platform/mail';
import type { ReconciliationState } from '../../platform/metrics';
import { type LedgerMismatch, ledgerMismatches } from './invariant';

/** How often the whole ledger is reconciled by default: often enough to page within the hour, cheap enough to repeat. */
export const LEDGER_RECONCILE_SECONDS = 15 * 60;

/** The check reads every ledger entry: it may take longer than a request's statement timeout (never the run's 15 minutes). */
const RECONCILE_STATEMENT_TIMEOUT_MS = 5 * 60_000;

/** Mismatches logged one by one and listed in the mail per run; the rest are counted (a bad migration must not flood the log). */
export const MAX_LISTED_MISMATCHES = 100;

/** The periodic task's name (its pg-boss queue is `periodic.ledger.reconcile`). */
export const LEDGER_RECONCILE_TASK = 'ledger.reconcile';

/** What the reconciliation needs: the database, the outbox for the alert, and who gets it. */
export interface ReconciliationDeps {
  ds: DataSource;
  outbox: MailOutbox;
  clock: Clock;
  logger: Logger;
  brand: string;
  /** The operators' addresses at the time of the alert (an operator address if configured, else every administrator). */
  recipients: () => Promise<string[]>;
}

/** What one run found: the broken buckets, how many were not broken at the previous run, who was mailed. */
export interface ReconciliationRun {
  mismatches: LedgerMismatch[];
  fresh: number;
  mailedTo: string[];
}

/** A broken bucket's identity across runs (its amounts may drift while it stays the same problem). */
const keyOf = (b: LedgerMismatch) => `${b.accountId}/${b.bucket}`;

/**
 * The scheduled check of the ledger's invariant over every account (issue 37): each bucket equals
 * the sum of its ledger entries and is not negative (`ledgerMismatches`, the one query tests and
 * scripts run). Each run logs every broken bucket (error level), stores its result (one row, so
 * every instance's /metrics shows it: `cryptovest_ledger_mismatches`,
 * `cryptovest_ledger_reconciled_timestamp_seconds`) and mails the operators through the outbox, in
 * the same transaction as the stored result, when a bucket is broken that was not at the previous
 * run: a problem is mailed once, not every 15 minutes, and again if it comes back after a clean run.
 */
export class LedgerReconciliation {
  constructor(private readonly deps: ReconciliationDeps) {}

  /** One reconciliation (the periodic task's work; tests and an operator's console call it directly). */
  async run(): Promise<ReconciliationRun> {
    const { ds, outbox, clock, logger, brand } = this.deps;
    const mismatches = await ds.transaction(async (m) => {
      await m.query(`SET LOCAL statement_timeout = ${RECONCILE_STATEMENT_TIMEOUT_MS}`);
      return ledgerMismatches(m);
    });
    const checkedAt = clock.now();
    for (const b of mismatches.slice(0, MAX_LISTED_MISMATCHES))
      logger.error(
        { accountId: b.accountId, userId: b.userId, bucket: b.bucket, amount: b.amount, ledger: b.ledger },
        'ledger mismatch: bucket differs from its ledger entries',
      );
    if (mismatches.length > MAX_LISTED_MISMATCHES)
      logger.error(
        { count: mismatches.length, listed: MAX_LISTED_MISMATCHES },
        'ledger mismatches: more broken buckets than listed',
      );
    const keys = [...new Set(mismatches.map(keyOf))].sort();
    return ds.transaction(async (m) => {
      // The one row, locked: two runs at once (an operator's beside the schedule's) mail once.
      await m.query(
        `INSERT INTO ledger_reconciliation (id, checked_at, mismatches) VALUES (1, $1, 0) ON CONFLICT (id) DO NOTHING`,
        [checkedAt],
      );
      const [previous] = await sqlRows<{ broken: string[]; mismatches: number }>(
        m,
        `SELECT broken, mismatches FROM ledger_reconciliation WHERE id = 1 FOR UPDATE`,
      );
      const known = new Set(previous.broken);
      const fresh = keys.filter((k) => !known.has(k)).length;
      let mailedTo: string[] = [];
      if (fresh) {
        mailedTo = await this.deps.recipients();
        if (!mailedTo.length) logger.error('ledger mismatch not mailed: no operator address and no administrator');
        const content = ledgerMismatchMail(brand, {
          broken: mismatches.slice(0, MAX_LISTED_MISMATCHES),
          total: mismatches.length,
          fresh,
          checkedAt,
        });
        await outbox.queueMany(
          m,
          mailedTo.map((to) => ({ kind: 'operator_alert' as const, to, content })),
        );
      }
      if (!mismatches.length && previous.mismatches)
        logger.info({ before: previous.mismatches }, 'ledger reconciled: every bucket matches its ledger again');
      await m.query(
        `UPDATE ledger_reconciliation
            SET checked_at = $1, mismatches = $2, broken = $3::text[],
                mailed_at = CASE WHEN $4 THEN $1 ELSE mailed_at END
          WHERE id = 1`,
        [checkedAt, mismatches.length, keys, mailedTo.length > 0],
      );
      return { mismatches, fresh, mailedTo };
    });
  }

  /** The last run's time and count, for every instance's /metrics (null before the first run). */
  async lastResult(): Promise<ReconciliationState | null> {
    const [row] = await sqlRows<{ checked_at: Date; mismatches: number }>(
      this.deps.ds,
      `SELECT checked_at, mismatches FROM ledger_reconciliation WHERE id = 1`,
    );
    return row ? { checkedAt: new Date(row.checked_at), mismatches: row.mismatches } : null;
  }
}

/** The ledger reconciliation as the composition root wires it: the service and its periodic task. */
export interface ReconciliationModule extends ModuleWork {
  service: LedgerReconciliation;
}

/** Wires the reconciliation once: the service and its task, every `everySeconds` (15 minutes by default), once across instances. */
export function createLedgerReconciliation(
  deps: ReconciliationDeps,
  everySeconds = LEDGER_RECONCILE_SECONDS,
): ReconciliationModule {
  const service = new LedgerReconciliation(deps);
  return { service, periodic: [{ name: LEDGER_RECONCILE_TASK, everySeconds, run: () => service.run() }] };
}
