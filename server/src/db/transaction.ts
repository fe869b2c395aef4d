import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/** The transaction a request opened around all its work, when it opened one. */
const ambient = new AsyncLocalStorage<EntityManager>();

/**
 * Runs `work` in a database transaction: its own, or the one the current request already opened
 * (see `withAmbientTransaction`), so a service's writes and what the request stores about itself
 * (an idempotency record) commit or roll back together. Services use this instead of
 * `ds.transaction`.
 */
export function inTransaction<T>(ds: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  const current = ambient.getStore();
  return current ? work(current) : ds.transaction(work);
}

/** Opens a transaction that every `inTransaction` call made inside `work` joins. */
export function withAmbientTransaction<T>(ds: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  return ds.transaction((m) => ambient.run(m, () => work(m)));
}

/** Runs `start` outside any request's transaction: work it starts (background tasks) must not join a transaction that has ended. */
export function outsideTransaction<T>(start: () => T): T {
  return ambient.exit(start);
}
