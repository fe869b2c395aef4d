import type { EntityManager } from 'typeorm';
import { encodeUpdates, type LiveUpdate } from './messages';

/** The one PostgreSQL channel every instance listens on (NOTIFY is scoped to the database). */
export const LIVE_CHANNEL = 'cryptovest_live';

/**
 * Publishes live updates in the transaction of `m`, the one making the change they report:
 * PostgreSQL delivers a NOTIFY when that transaction commits and never when it rolls back, so no
 * instance hears of a change that did not happen, or before it is visible. One statement for the
 * whole batch, a few payloads at most (see encodeUpdates). Outside a transaction the NOTIFY would go
 * out at once, whatever happens to the change, so that is refused.
 */
export async function publishLive(m: EntityManager, updates: LiveUpdate[]): Promise<void> {
  const payloads = encodeUpdates(updates);
  if (!payloads.length) return;
  if (!m.queryRunner?.isTransactionActive)
    throw new Error('publishLive runs only inside the transaction of the change');
  await m.query(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, [LIVE_CHANNEL, payloads]);
}
