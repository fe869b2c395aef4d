import { Gauge, type Registry } from 'prom-client';
import type { ReadinessReport } from '../http';
import type { ScrapeReads } from './scrape-reads';

/** One pg-boss queue's jobs as the metrics show them (JobQueue.queueStats has this shape). */
export interface QueueJobStats {
  queue: string;
  /** Jobs due and waiting for a worker (created or retrying, their start time passed). */
  queued: number;
  /** Jobs waiting for a later start (a deposit's settle job until maturity, a retry's delay). */
  deferred: number;
  /** Jobs a worker runs now. */
  active: number;
  /** Jobs that exhausted their retries, still kept by pg-boss (12 hours). */
  failed: number;
  /** Seconds the longest-waiting due job has waited since it became due; null when none waits. */
  oldestQueuedSeconds: number | null;
}

/** Anything that reports its queues' jobs: the JobQueue, a test's fake. */
export interface JobStatsSource {
  queueStats(): Promise<QueueJobStats[]>;
}

/** Matured deposits not paid yet, by why: `pending` (the settle job and sweep have not run), `due`, `held`. */
export interface MaturedUnsettled {
  state: 'pending' | 'due' | 'held';
  count: number;
  /** Seconds since the earliest of them matured; null when there is none. */
  oldestSeconds: number | null;
}

/** Anything that reports matured, unsettled deposits: the SettlementService. */
export interface SettlementBacklogSource {
  maturedUnsettled(): Promise<MaturedUnsettled[]>;
}

/** The ledger reconciliation's last result, as stored for every instance (null: it never ran). */
export interface ReconciliationState {
  checkedAt: Date;
  mismatches: number;
}

/** Anything that reports the last ledger reconciliation: the LedgerReconciliation. */
export interface ReconciliationSource {
  lastResult(): Promise<ReconciliationState | null>;
}

/** What /readyz decides, computed afresh (its own checks) at each scrape. */
export interface ReadinessVerdict {
  /** As /readyz answers 200: not draining and every deciding check ok. */
  ready: boolean;
  /** Every check's outcome, deciding or not (`database`, `storage`). */
  checks: ReadinessReport;
}

/** A gauge whose samples are replaced at every scrape by what `fill` sets from the read value. */
function stateGauge<T>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly string[],
  read: () => Promise<T | null>,
  fill: (value: T, set: (labels: Record<string, string>, v: number) => void) => void,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const value = await read();
      this.reset(); // a queue or state gone since the last scrape disappears instead of freezing
      if (value === null) return;
      fill(value, (labels, v) => this.set(labels, v));
    },
  });
}

/**
 * `cryptovest_jobs_{queued,deferred,active,failed,oldest_queued_seconds}{queue}`: each pg-boss queue
 * this process defined, read when scraped (every instance reads the same database, so alerts take
 * the max over instances). Per queue, so a stuck mail queue is not hidden by a healthy sweep.
 */
export function jobMetrics(registry: Registry, reads: ScrapeReads, source: JobStatsSource): void {
  const read = reads.add('jobs', () => source.queueStats());
  const gauge = (name: string, help: string, value: (s: QueueJobStats) => number) =>
    stateGauge(registry, `cryptovest_jobs_${name}`, help, ['queue'], read, (all, set) => {
      for (const s of all) set({ queue: s.queue }, value(s));
    });
  gauge('queued', 'Jobs due and waiting for a worker, per pg-boss queue', (s) => s.queued);
  gauge('deferred', 'Jobs waiting for a later start (maturity, retry delay), per pg-boss queue', (s) => s.deferred);
  gauge('active', 'Jobs running now, per pg-boss queue', (s) => s.active);
  gauge('failed', 'Jobs that exhausted their retries (kept 12 hours), per pg-boss queue', (s) => s.failed);
  gauge(
    'oldest_queued_seconds',
    'Seconds the longest-waiting due job has waited (0 when none waits), per pg-boss queue',
    (s) => s.oldestQueuedSeconds ?? 0,
  );
}

/**
 * `cryptovest_settlement_matured_unsettled{state}` and `_oldest_seconds{state}`: deposits whose
 * term ended but that are not paid: `pending` (no settle job or sweep has taken them: settlement
 * is not running), `due` (review mode: waiting for an admin), `held` (a bucket would go negative).
 * Every state is shown, 0 when empty, so alerts see a series from the first scrape.
 */
export function settlementMetrics(registry: Registry, reads: ScrapeReads, source: SettlementBacklogSource): void {
  const read = reads.add('settlement', () => source.maturedUnsettled());
  stateGauge(
    registry,
    'cryptovest_settlement_matured_unsettled',
    'Matured deposits not settled yet, by state (pending: settlement has not run; due, held: waiting for an admin)',
    ['state'],
    read,
    (all, set) => all.forEach((s) => set({ state: s.state }, s.count)),
  );
  stateGauge(
    registry,
    'cryptovest_settlement_matured_unsettled_oldest_seconds',
    'Seconds since the earliest matured, unsettled deposit matured (0 when none), by state',
    ['state'],
    read,
    (all, set) => all.forEach((s) => set({ state: s.state }, s.oldestSeconds ?? 0)),
  );
}

/**
 * `cryptovest_ledger_mismatches` (buckets that differ from their ledger or are negative) and
 * `cryptovest_ledger_reconciled_timestamp_seconds` (when the check last ran), from the stored
 * result of the scheduled reconciliation: it runs on one instance, every instance shows it. Before
 * the first run the timestamp is 0 (so "stale" fires) and the mismatches are NaN (unknown: not a
 * reassuring 0, and no `> 0` alert either).
 */
export function ledgerMetrics(registry: Registry, reads: ScrapeReads, source: ReconciliationSource): void {
  const read = reads.add('ledger_reconciliation', async () => ({ last: await source.lastResult() }));
  stateGauge(
    registry,
    'cryptovest_ledger_mismatches',
    'Account buckets that differ from the sum of their ledger entries or are negative, at the last reconciliation',
    [],
    read,
    ({ last }, set) => set({}, last ? last.mismatches : NaN),
  );
  stateGauge(
    registry,
    'cryptovest_ledger_reconciled_timestamp_seconds',
    'Unix time of the last ledger reconciliation (0: never ran)',
    [],
    read,
    ({ last }, set) => set({}, last ? last.checkedAt.getTime() / 1000 : 0),
  );
}

/**
 * `cryptovest_ready` (1 when /readyz would answer 200) and `cryptovest_readiness_check_up{check}`
 * (1 when that check passed: `database` reachable, `storage` writable), from the same checks
 * /readyz runs, run again at each scrape; so an instance nobody probes still shows its state.
 */
export function readinessMetrics(registry: Registry, verdict: () => Promise<ReadinessVerdict>): void {
  let pending: Promise<ReadinessVerdict> | null = null;
  const read = () =>
    (pending ??= verdict().finally(() => {
      pending = null;
    }));
  new Gauge({
    name: 'cryptovest_ready',
    help: '1 when the instance is ready (/readyz answers 200), 0 while draining or without its database',
    registers: [registry],
    async collect() {
      this.set((await read()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'cryptovest_readiness_check_up',
    help: '1 when the readiness check passed (database reachable, upload storage writable), 0 when failing or timed out',
    labelNames: ['check'] as const,
    registers: [registry],
    async collect() {
      const { checks } = await read();
      this.reset();
      for (const [check, outcome] of Object.entries(checks)) this.set({ check }, outcome === 'ok' ? 1 : 0);
    },
  });
}
