import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../db/data-source';
import { createScratchDatabase, type ScratchDatabase } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { JOB_SCHEMA, JobQueue } from './queue';
import { periodicQueue, Scheduler } from './scheduler';

/**
 * Two instances (own pools, own job queues, one database of this file's own so only these workers
 * take these jobs) tick the same tasks: each due run is enqueued once and run once, whichever
 * instance ticks, however many tick at the same moment.
 */

const HOUR = 3600;
let db: ScratchDatabase;
let dsA: DataSource;
let dsB: DataSource;
const clock = new ManualClock();
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  db = await createScratchDatabase();
  [dsA, dsB] = await Promise.all([createDataSource(db.url).initialize(), createDataSource(db.url).initialize()]);
});
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});
afterAll(async () => {
  await Promise.all([dsA.destroy(), dsB.destroy()]);
  await db.drop();
});

/** A real pino logger whose error lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const taskName = () => `test.task.${randomBytes(4).toString('hex')}`;

/** One instance: its own pool and job queue, the shared clock, `task` registered under `name`. */
async function instance(ds: DataSource, name: string, task: () => Promise<unknown>, logger = capturingLogger().logger) {
  const queue = new JobQueue({ url: db.url, logger, pollingIntervalSeconds: 0.5 });
  const scheduler = new Scheduler(ds, queue, clock, logger, 15, 0.5).every(name, HOUR, task);
  await queue.start();
  stops.push(async () => {
    await scheduler.stop();
    await queue.stop();
  });
  return { queue, scheduler };
}

/** Jobs of task `name` by state. */
async function jobs(name: string): Promise<Record<string, number>> {
  const rows: { state: string; n: number }[] = await dsA.query(
    `SELECT state, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 GROUP BY state`,
    [periodicQueue(name)],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Polls (no fixed sleep) until `done` holds, or fails after `ms`. */
async function eventually(done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Scheduler across instances', () => {
  it('enqueues each due run once however many instances tick at once, and a worker runs it once', async () => {
    const name = taskName();
    let runs = 0;
    const a = await instance(dsA, name, async () => (runs += 1));
    const b = await instance(dsB, name, async () => (runs += 1));

    // Ten ticks at the same moment, split over both instances' pools.
    const ticks = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ((i % 2 ? a : b).scheduler as Scheduler)['claimOnce'](name)),
    );
    expect(ticks.filter(Boolean)).toHaveLength(1);
    expect(await jobs(name)).toEqual({ created: 1 });

    await Promise.all([a.queue.work(), b.queue.work()]);
    await eventually(async () => (await jobs(name)).completed === 1);
    expect(runs).toBe(1);

    // Not due again until the interval has passed on the clock; then once more.
    expect([...(await a.scheduler.tick()), ...(await b.scheduler.tick())]).toEqual([]);
    clock.advanceSeconds(HOUR);
    const next = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    expect(next.flat()).toEqual([name]);
    await eventually(async () => (await jobs(name)).completed === 2);
    expect(runs).toBe(2);
  });

  it('does not pile up runs while one is still queued (workers stopped or slow)', async () => {
    const name = taskName();
    const a = await instance(dsA, name, async () => undefined);
    expect(await a.scheduler.tick()).toEqual([name]);
    for (let i = 0; i < 3; i++) {
      clock.advanceSeconds(HOUR);
      expect(await a.scheduler.tick()).toEqual([]);
    }
    expect(await jobs(name)).toEqual({ created: 1 });
  });

  it('logs a failing run with its name, and pg-boss keeps the failure (retried by policy)', async () => {
    const name = taskName();
    const { logger, lines } = capturingLogger();
    const a = await instance(
      dsA,
      name,
      async () => {
        throw new Error('disk on fire');
      },
      logger,
    );
    expect(await a.scheduler.tick()).toEqual([name]);
    await a.queue.work();
    await eventually(() => lines.some((l) => l.task === name && l.msg === 'scheduled task failed'));
    expect(lines[0]).toMatchObject({ err: expect.objectContaining({ message: 'disk on fire' }) });
    await expect(a.scheduler.runNow(name)).rejects.toThrow('disk on fire');
  });
});
