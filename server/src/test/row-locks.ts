import type { Client } from 'pg';
import { until } from './live-test-client';

/**
 * Resolves once some session waits for a lock `holder` holds (the holder's own transaction stays
 * open). Each poll first drops the holder's statistics snapshot: inside a transaction
 * pg_stat_activity is frozen at its first read, so a session that connects later (a pool opening
 * a connection for the blocked request) would never show and the wait would hang; it did once in
 * CI. `stopIf` is asked while nobody waits; a message from it fails at once (say, the request
 * answered without ever blocking). Gives up after `timeoutMs`.
 */
export async function untilBlockedBy(
  holder: Client,
  stopIf: () => string | undefined = () => undefined,
  timeoutMs = 15_000,
): Promise<void> {
  const waiting = 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))';
  const waiters = async () => {
    await holder.query('SELECT pg_stat_clear_snapshot()');
    const [{ n }] = (await holder.query<{ n: number }>(waiting)).rows;
    const reason = n === 0 ? stopIf() : undefined;
    if (reason) throw new Error(reason);
    return n;
  };
  await until(waiters, (n) => n > 0, timeoutMs);
}
