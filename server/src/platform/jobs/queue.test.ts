import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../composition/data-source';
import { createLogger } from '../../kernel/logger';
import { JOB_SCHEMA, JobQueue, type JobRun } from './queue';

// The job queue's promise to the outbox: a job enqueued with sendIn exists exactly when the
// caller's transaction commits, and a handler that throws runs again until its last retry.

let ds: DataSource;
let queue: JobQueue;
const name = `test.queue-${randomBytes(4).toString('hex')}`;
const runs: JobRun<{ n: number }>[] = [];
/** Jobs whose handler fails until its last run. */
const failing = new Set<number>();

const RETRY = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false };
const jobState = async (id: string): Promise<string | null> => {
  const [row] = await ds.query(`SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2`, [name, id]);
  return row?.state ?? null;
};

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const url = process.env.CRYPTOVEST_TEST_DB_URL!;
  ds = createDataSource(url);
  await ds.initialize();
  queue = new JobQueue({ url, logger: createLogger('silent'), pollingIntervalSeconds: 0.5 });
  queue.define<{ n: number }>(name, async (job) => {
    runs.push(job);
    if (failing.has(job.data.n) && job.retryCount < job.retryLimit) throw new Error('not yet');
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await ds.destroy();
});

describe('JobQueue.sendIn', () => {
  it('creates the job with the transaction: invisible before commit, gone on rollback', async () => {
    const committed = randomUUID();
    await ds.transaction(async (m) => {
      await queue.sendIn(m, name, { n: 1 }, { ...RETRY, id: committed, startAfterSeconds: 3600 });
      expect(await jobState(committed)).toBeNull(); // other connections do not see it yet
    });
    expect(await jobState(committed)).toBe('created');

    const rolledBack = randomUUID();
    await expect(
      ds.transaction(async (m) => {
        await queue.sendIn(m, name, { n: 2 }, { ...RETRY, id: rolledBack });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await jobState(rolledBack)).toBeNull();
  });

  it('refuses to enqueue on a queue that was never created (the event fails instead of losing its job)', async () => {
    await expect(ds.transaction((m) => queue.sendIn(m, `${name}-undefined`, { n: 3 }, RETRY))).rejects.toThrow(
      /does not exist/,
    );
  });
});

describe('JobQueue.work', () => {
  it('runs jobs, and retries a failing one until its last run (retryCount = retryLimit)', async () => {
    await queue.work();
    failing.add(5);
    const ok = await ds.transaction((m) => queue.sendIn(m, name, { n: 4 }, RETRY));
    const flaky = await ds.transaction((m) => queue.sendIn(m, name, { n: 5 }, RETRY));
    await until(
      () => jobState(ok),
      (s) => s === 'completed',
    );
    await until(
      () => jobState(flaky),
      (s) => s === 'completed',
    );
    expect(runs.filter((r) => r.data.n === 4).map((r) => r.retryCount)).toEqual([0]);
    expect(runs.filter((r) => r.data.n === 5).map((r) => [r.retryCount, r.retryLimit])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });
});

describe('JobQueue.stop', () => {
  it('leaves no worker waiting for a connection: every poll is answered before the pool closes', async () => {
    // Twelve workers on a pool of three: right after work() most first polls wait for a connection.
    const busy = new JobQueue({ url: process.env.CRYPTOVEST_TEST_DB_URL!, logger: createLogger('silent') });
    busy.define(`${name}-busy`, async () => undefined, { concurrency: 12, pollingIntervalSeconds: 0.5 });
    await busy.work();
    expect(busy.pollsWaitingForConnection()).toBeGreaterThan(0);
    await busy.stop();
    // pg's Pool.end() would have left them waiting for ever (each worker stuck, pg-boss polling it).
    expect(busy.pollsWaitingForConnection()).toBe(0);
  });
});
