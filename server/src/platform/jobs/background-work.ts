import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { outsideTransaction } from '../../db/transaction';
import type { Logger } from '../../kernel/logger';

/** A task waiting for its transaction to end. */
type Pending = { label: string; work: () => Promise<unknown> };

/**
 * Work a request starts but does not wait for (so its answer takes the same time whatever the
 * work finds, e.g. whether an e-mail is registered). Failures are logged, never thrown at the
 * caller; `idle()` lets shutdown and tests wait until everything started has finished.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();
  private readonly pending = new WeakMap<QueryRunner, Pending[]>();
  private readonly hooked = new WeakSet<DataSource>();

  constructor(private readonly logger: Logger) {}

  /** Starts `work` after the current request's answer is on its way. */
  run(label: string, work: () => Promise<unknown>): void {
    // Outside the request's transaction: that transaction is over by the time this runs.
    const task: Promise<void> = outsideTransaction(() =>
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => this.logger.error({ err, task: label }, 'background work failed'),
        )
        .finally(() => this.running.delete(task)),
    );
    this.running.add(task);
  }

  /**
   * Starts `work` once the transaction `m` belongs to has committed (its rows are visible to
   * others), or drops it if that transaction rolls back; outside a transaction it starts at once.
   * Used for "try now" work whose durable copy was written in that transaction (the mail outbox).
   */
  runAfterCommit(m: EntityManager, label: string, work: () => Promise<unknown>): void {
    const runner = m.queryRunner;
    if (!runner?.isTransactionActive) return this.run(label, work);
    this.hook(m.dataSource);
    const list = this.pending.get(runner) ?? [];
    list.push({ label, work });
    this.pending.set(runner, list);
  }

  /** Listens once per data source for the end of transactions (savepoints wait for the outermost). */
  private hook(ds: DataSource): void {
    if (this.hooked.has(ds)) return;
    this.hooked.add(ds);
    const settle = (runner: QueryRunner | undefined, committed: boolean) => {
      if (!runner || runner.isTransactionActive) return;
      const list = this.pending.get(runner);
      if (!list) return;
      this.pending.delete(runner);
      if (committed) for (const { label, work } of list) this.run(label, work);
    };
    ds.subscribers.push({
      afterTransactionCommit: (event) => settle(event.queryRunner, true),
      afterTransactionRollback: (event) => settle(event.queryRunner, false),
    });
  }

  /** Resolves once every started task has finished (including tasks they started). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
