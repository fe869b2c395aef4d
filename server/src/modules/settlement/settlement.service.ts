import { PAGE_SIZE } from '@cryptovest/common';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { infrastructureError } from '../../db/infrastructure-errors';
import { sqlRows } from '../../db/sql';
import { inTransaction, outsideTransaction } from '../../db/transaction';
import { toOffset, type Page } from '../../kernel/paging';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import type { JobQueue, JobRun, RetryPolicy } from '../../platform/jobs';
import type { MaturedUnsettled } from '../../platform/metrics';
import type { TransactionEvents } from '../../platform/timeline';
import { Transaction, TrxStatus, TrxType, SettlementState } from '../transaction';
import { adminIds, ALREADY_SETTLED, isUuid, refusalOf } from './settlement-admin';
import {
  CANDIDATE_COLUMNS,
  CANDIDATE_FROM,
  DUE_FOR_SETTLEMENT_SQL,
  type SettlementCandidate,
} from './settlement-effects';
import { lockAccounts, partition, settleInBulk } from './settle-batch';
import { applyOne, markDue, markSettledFromRows, type SettleContext, type SettlementHooks } from './settle-one';

/** SETTLEMENT_MODE: `auto` pays at maturity; `review` puts matured deposits in the admin's queue. */
export type SettlementMode = 'auto' | 'review';

/** The job that settles one deposit at its maturity (enqueued when it is confirmed). */
export const SETTLE_JOB = 'settlement.settle';

/** A settle job is retried a few times; the minute sweep catches whatever it still misses. */
const SETTLE_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };

/** Deposits per sweep transaction. */
export const SETTLEMENT_BATCH_SIZE = 500;

/** Per deposit of an admin's action: settled, or why not. */
export interface SettlementOutcome {
  id: string;
  settled: boolean;
  reason: string | null;
}

/** An outcome with its deposit as it is now (null when not found), as both transports answer it. */
export interface SettlementOutcomeWithTransaction extends SettlementOutcome {
  transaction: Transaction | null;
}

/** What one sweep did. */
export interface SweepResult {
  settled: number;
  held: number;
  due: number;
}

/** Knobs tests turn: batch size and the crash seam. */
export interface SettlementOptions {
  mode: SettlementMode;
  batchSize?: number;
  hooks?: SettlementHooks;
}

/**
 * Plans that mature and pay, exactly once (issue 12). A confirmed deposit's term ends at
 * `matures_at`; then its job (or the minute sweep, whichever comes first) settles it: profit into
 * `profit` and `balance`, principal back from `investment` and the coin into `balance`, in one DB
 * transaction with its `settlement` row (the exactly-once guard) and its timeline event. In review
 * mode, or when a bucket would go negative, it waits for an admin instead.
 */
export class SettlementService {
  private readonly batchSize: number;

  constructor(
    private readonly ds: DataSource,
    private readonly queue: JobQueue,
    private readonly events: TransactionEvents,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: SettlementOptions,
  ) {
    this.batchSize = options.batchSize ?? SETTLEMENT_BATCH_SIZE;
  }

  /** Attaches each outcome's transaction (one query), in the request's transaction when it has one. */
  async withTransactions(outcomes: SettlementOutcome[]): Promise<SettlementOutcomeWithTransaction[]> {
    const ids = outcomes.filter((o) => o.reason !== 'Transaction not found').map((o) => o.id);
    const found = ids.length
      ? await inTransaction(this.ds, (m) =>
          m.getRepository(Transaction).find({ where: { id: In(ids) }, relations: { user: true } }),
        )
      : [];
    const byId = new Map(found.map((t) => [t.id, t]));
    return outcomes.map((o) => ({ ...o, transaction: byId.get(o.id) ?? null }));
  }

  /** The mode in force (config). */
  get mode(): SettlementMode {
    return this.options.mode;
  }

  /** Enqueues the deposit's settle job in the confirming transaction, to start at maturity. */
  async scheduleAt(m: EntityManager, transactionId: string, maturesAt: Date): Promise<void> {
    await this.queue.sendIn(m, SETTLE_JOB, { transactionId }, { ...SETTLE_RETRY, startAt: maturesAt });
  }

  /**
   * Settles one deposit if it is due by our clock (the job's work): not yet due (clock skew) ->
   * enqueued again for the time left; not confirmed, settled or waiting for an admin -> nothing.
   */
  async settleOne(transactionId: string): Promise<'settled' | 'held' | 'already' | 'due' | 'skipped' | 'rescheduled'> {
    return inTransaction(this.ds, async (m) => {
      const [d] = await this.lock(m, [transactionId], false);
      await this.options.hooks?.afterLock?.(m, [transactionId]);
      if (!d || d.trxType !== TrxType.DEPOSIT || d.status !== TrxStatus.CONFIRMED) return 'skipped';
      if (d.settlementState !== null || !d.maturesAt) return 'skipped';
      const ctx = this.context(null);
      const left = d.maturesAt.getTime() - ctx.now.getTime();
      if (left > 0) {
        const startAfterSeconds = Math.ceil(left / 1000);
        await this.queue.sendIn(m, SETTLE_JOB, { transactionId }, { ...SETTLE_RETRY, startAfterSeconds });
        return 'rescheduled';
      }
      let outcome: 'settled' | 'held' | 'already' | 'due' = 'due';
      // applyOne also puts right a deposit whose settlement row exists already.
      if (this.mode === 'auto' || d.alreadySettled) outcome = await applyOne(m, d, ctx);
      else await markDue(m, [d], ctx);
      await this.events.record(m, ctx.events);
      return outcome;
    });
  }

  /**
   * The minute sweep: every matured, unsettled, confirmed deposit, in batches of `batchSize`, each
   * batch one transaction with a constant number of statements. A batch that fails on its data is
   * retried deposit by deposit (so one bad deposit can't stall the rest), then the run ends.
   */
  async settleDue(): Promise<SweepResult> {
    const total: SweepResult = { settled: 0, held: 0, due: 0 };
    for (;;) {
      let ids: string[] = [];
      try {
        const batch = await outsideTransaction(() =>
          inTransaction(this.ds, (m) => this.sweepBatch(m, (locked) => (ids = locked))),
        );
        total.settled += batch.settled;
        total.held += batch.held;
        total.due += batch.due;
        if (batch.count < this.batchSize) return total;
      } catch (err) {
        if (infrastructureError(err) || !ids.length) throw err;
        this.logger.warn({ err, count: ids.length }, 'settlement batch failed: settling its deposits one by one');
        for (const id of ids) {
          const outcome = await this.settleOne(id).catch((e: unknown) => {
            this.logger.error({ err: e, transactionId: id }, 'settlement failed');
            return 'failed';
          });
          if (outcome === 'settled') total.settled += 1;
          if (outcome === 'held') total.held += 1;
          if (outcome === 'due') total.due += 1;
        }
        return total;
      }
    }
  }

  /** One batch: lock up to `batchSize` matured deposits (skipping locked ones), settle or mark them due. */
  private async sweepBatch(
    m: EntityManager,
    onLocked: (ids: string[]) => void,
  ): Promise<SweepResult & { count: number }> {
    const ctx = this.context(null);
    const locked = await sqlRows<SettlementCandidate>(
      m,
      `SELECT ${CANDIDATE_COLUMNS} FROM ${CANDIDATE_FROM}
        WHERE t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.settlement_state IS NULL AND t.matures_at <= $1
        ORDER BY t.matures_at, t.id LIMIT $2 FOR UPDATE OF t SKIP LOCKED`,
      [ctx.now, this.batchSize],
    );
    onLocked(locked.map((d) => d.id));
    await this.options.hooks?.afterLock?.(
      m,
      locked.map((d) => d.id),
    );
    const result = { count: locked.length, settled: 0, held: 0, due: 0 };
    // Deposits whose settlement row exists already only get their state put right.
    await markSettledFromRows(
      m,
      locked.filter((d) => d.alreadySettled).map((d) => d.id),
    );
    const deposits = locked.filter((d) => !d.alreadySettled);
    if (!deposits.length) return result;
    if (this.mode === 'review') {
      await markDue(m, deposits, ctx);
      result.due = deposits.length;
    } else {
      const accounts = await lockAccounts(
        m,
        deposits.map((d) => d.accountId),
      );
      const { bulk, oneByOne } = partition(deposits, accounts);
      result.settled += await settleInBulk(m, bulk, ctx);
      for (const d of oneByOne) {
        const outcome = await applyOne(m, d, ctx);
        if (outcome === 'settled') result.settled += 1;
        if (outcome === 'held') result.held += 1;
      }
    }
    await this.events.record(m, ctx.events);
    return result;
  }

  /**
   * An admin settles matured deposits (due, held, or not yet swept) in one action: per id, settled
   * or why not; each settlement audited as `settlement.manual` with the admin as actor.
   */
  async settleByAdmin(rawIds: unknown, admin: { userId: string; ip: string | null }): Promise<SettlementOutcome[]> {
    const ids = adminIds(rawIds);
    return inTransaction(this.ds, async (m) => {
      const ctx = this.context(admin.userId);
      const byId = new Map((await this.lock(m, ids.filter(isUuid), true)).map((d) => [d.id, d]));
      const results: SettlementOutcome[] = [];
      for (const id of ids) {
        const d = byId.get(id);
        const refusal = refusalOf(d, ctx.now);
        if (refusal || !d) {
          results.push({ id, settled: false, reason: refusal });
          continue;
        }
        const outcome = await applyOne(m, d, ctx);
        if (outcome === 'settled') {
          await this.audit.record(
            {
              action: 'settlement.manual',
              actorId: admin.userId,
              subjectType: 'transaction',
              subjectId: id,
              ip: admin.ip,
              metadata: { profit: d.profit, principal: d.principal },
            },
            m,
          );
        }
        const reason = outcome === 'held' ? d.settlementNote : outcome === 'already' ? ALREADY_SETTLED : null;
        results.push({ id, settled: outcome === 'settled', reason });
      }
      await this.events.record(m, ctx.events);
      return results;
    });
  }

  /** The admin's queue "Due for settlement": matured (review mode) or held deposits, oldest first, with their user. */
  async dueQueue(page: unknown, pageSize: unknown): Promise<Page<Transaction>> {
    const p = toOffset(page, pageSize, PAGE_SIZE.admin);
    const [items, total] = await this.ds.getRepository(Transaction).findAndCount({
      where: { settlementState: In([SettlementState.DUE, SettlementState.HELD]) },
      relations: { user: true },
      order: { maturesAt: 'ASC', id: 'ASC' },
      skip: p.skip,
      take: p.take,
    });
    return { items, total, totalCapped: false, page: p.page, pageSize: p.pageSize };
  }

  /**
   * Matured deposits not paid yet, for the metrics (`cryptovest_settlement_matured_unsettled*`), by
   * the sweep's own rule (confirmed deposit, `matures_at` passed by our clock): `pending` with no
   * state yet (neither its job nor the minute sweep has taken it: settlement is not running), `due`
   * (review mode: waiting for an admin) and `held` (a bucket would go negative). Every state is
   * reported, 0 when empty. Two index scans (the sweep's and the admin queue's partial indexes).
   */
  async maturedUnsettled(): Promise<MaturedUnsettled[]> {
    const now = this.clock.now();
    const rows = await sqlRows<{ state: string; count: number; oldest: Date | null }>(
      this.ds,
      `SELECT 'pending' AS state, count(*)::int AS count, min(t.matures_at) AS oldest FROM "transaction" t
        WHERE ${DUE_FOR_SETTLEMENT_SQL.pending('$1')}
       UNION ALL
       SELECT lower(t.settlement_state), count(*)::int, min(t.matures_at) FROM "transaction" t
        WHERE ${DUE_FOR_SETTLEMENT_SQL.waiting('$1')}
        GROUP BY t.settlement_state`,
      [now],
    );
    const byState = new Map(rows.map((r) => [r.state, r]));
    return (['pending', 'due', 'held'] as const).map((state) => {
      const r = byState.get(state);
      const oldest = r?.oldest ? Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000) : null;
      return { state, count: r?.count ?? 0, oldestSeconds: oldest };
    });
  }

  /** Locks deposits by id (in id order, so concurrent admin actions queue instead of deadlocking). */
  private lock(m: EntityManager, ids: string[], ordered: boolean): Promise<SettlementCandidate[]> {
    if (!ids.length) return Promise.resolve([]);
    return sqlRows<SettlementCandidate>(
      m,
      `SELECT ${CANDIDATE_COLUMNS} FROM ${CANDIDATE_FROM}
        WHERE t.id = ANY($1::uuid[]) ${ordered ? 'ORDER BY t.id' : ''} FOR UPDATE OF t`,
      [ids],
    );
  }

  private context(actorId: string | null): SettleContext {
    return {
      how: actorId ? 'manual' : 'auto',
      actorId,
      now: this.clock.now(),
      hooks: this.options.hooks ?? {},
      events: [],
    };
  }

  /** The settle job's handler: settles the deposit it names (a malformed job is dropped). */
  async runJob(job: JobRun<{ transactionId: string }>): Promise<void> {
    if (!isUuid(job.data?.transactionId)) return;
    await this.settleOne(job.data.transactionId);
  }
}
