import type { DataSource, EntityManager } from 'typeorm';
import { afterCommit } from '../../db/commit-hooks';

/** What an instance does once an investor's money rows changed and committed (forget kept reads). */
export type LedgerWrittenListener = (userId: string) => void;

/** One listener per DataSource (per instance), so a write made through one forgets on that one. */
const listeners = new WeakMap<DataSource, LedgerWrittenListener>();

/** Registers the instance's listener (the investors' kept reads register theirs at creation). */
export function onLedgerWritten(ds: DataSource, listener: LedgerWrittenListener): void {
  listeners.set(ds, listener);
}

/**
 * This instance wrote the investor's account or transactions in `m`'s transaction: once it
 * commits, the listener hears it at once (the NOTIFY tells the other instances, and this one too,
 * a moment later), so the investor's next request on this instance sees the change.
 */
export function ledgerWritten(m: EntityManager, userId: string): void {
  const listener = listeners.get(m.connection);
  if (listener) afterCommit(m, () => listener(userId));
}
