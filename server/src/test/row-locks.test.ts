import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { untilBlockedBy } from './row-locks';

// The lock wait the fault tests use must see a session that connects after the holder's
// transaction first read pg_stat_activity (a pool opening a connection for the blocked request).
it('sees a waiter that connected after the holder first looked', async () => {
  const url = process.env.CRYPTOVEST_TEST_DB_URL;
  if (!url) throw new Error('global setup did not provide CRYPTOVEST_TEST_DB_URL');
  const key = randomInt(1, 2 ** 31); // an advisory lock of this test's own
  const holder = new Client({ connectionString: url });
  const waiter = new Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1)', [key]);
    await holder.query('SELECT count(*) FROM pg_stat_activity'); // the transaction's snapshot
    await waiter.connect();
    const waited = waiter.query('SELECT pg_advisory_lock($1)', [key]);
    await untilBlockedBy(holder, undefined, 5000);
    await holder.query('ROLLBACK');
    await waited; // granted once the holder's transaction ended
  } finally {
    await holder.end();
    await waiter.end();
  }
});
