import type { Client } from 'pg';

/**
 * Resolves once some session waits for a lock `holder` holds (the holder's own transaction stays
 * open). Each poll first drops the holder's statistics snapshot: inside a transaction
 * pg_stat_activity is frozen at its first read, so a session that connects later (a pool opening
 * a connection for the blocked request) would never show and the wait would hang; it did once in
 * CI. `giveUp` is asked between polls; a message from it fails the wait (say, the request answered
 * without ever blocking).
 */
export async function untilBlockedBy(
  holder: Client,
  giveUp: () => string | undefined = () => undefined,
): Promise<void> {
  const waiting = 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))';
  for (;;) {
    await holder.query('SELECT pg_stat_clear_snapshot()');
    if ((await holder.query<{ n: number }>(waiting)).rows[0].n > 0) return;
    const reason = giveUp();
    if (reason) throw new Error(reason);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
