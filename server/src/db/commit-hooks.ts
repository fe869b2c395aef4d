import {
  EventSubscriber,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

/** Work waiting for the transaction of a query runner to commit. */
const waiting = new WeakMap<QueryRunner, Array<() => void>>();

/**
 * Runs `fn` once the transaction `m` works in has committed: at once when `m` is not in one, never
 * if it rolls back. For what must follow a commit, never precede it: an instance forgetting what it
 * keeps in memory of rows it just wrote, so a read that starts before the commit cannot keep the
 * old rows again. Needs the CommitHooks subscriber on the DataSource (createDataSource adds it).
 */
export function afterCommit(m: EntityManager, fn: () => void): void {
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) return fn();
  const list = waiting.get(runner);
  if (list) list.push(fn);
  else waiting.set(runner, [fn]);
}

/** Runs (on commit) or drops (on rollback) the afterCommit work when the outermost transaction ends. */
@EventSubscriber()
export class CommitHooks implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    for (const fn of CommitHooks.ended(event.queryRunner)) fn();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    CommitHooks.ended(event.queryRunner);
  }

  /** The work of a transaction that ended, taken off the list; none while a savepoint only ended. */
  private static ended(runner: QueryRunner): Array<() => void> {
    if (runner.isTransactionActive) return [];
    const list = waiting.get(runner) ?? [];
    waiting.delete(runner);
    return list;
  }
}
