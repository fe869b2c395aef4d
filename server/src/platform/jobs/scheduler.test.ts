import { randomBytes, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../composition/data-source';
import { createScratchDatabase, type ScratchDatabase } from '../../test/harness';
import { JOB_SCHEMA, JobQueue } from './queue';
import { periodicQueue, Scheduler } from './scheduler';

/**
 * Periodic tasks are pg-boss cron schedules. Two instances (own job queues, own cron monitors, one
 * database of this file's own so only these workers take these jobs) run the same tasks: pg-boss
 * sends each period's run once, one worker runs it once, and a run never overlaps the next. The
 * cron monitor works on real time; it runs a pass as it starts and then every second here, and a
 * `* * * * *` schedule is due at every pass, so nothing waits for a wall-clock minute.
 */

/** pg-boss's internal queue of due scheduled sends (its timekeeper's `send-it`). */
const SEND_IT = '__pgboss__send-it';
/** A failed run is retried after a second here (a minute in production). */
const RETRY = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false };

let db: ScratchDatabase;
let ds: DataSource;
/** A bare pg-boss client on the same database: asks for jobs as any instance's worker would. */
let probe: PgBoss;
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  db = await createScratchDatabase();
  ds = await createDataSource(db.url).initialize();
  probe = new PgBoss({ connectionString: db.url, schema: JOB_SCHEMA, max: 1, schedule: false, supervise: false });
  await probe.start();
});
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});
afterAll(async () => {
  await probe.stop({ graceful: false, close: true });
  await ds.destroy();
  await db.drop();
});

/** A real pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const taskName = () => `test.task.${randomBytes(4).toString('hex')}`;

/** One server instance: its own job queue (sending scheduled jobs) with `tasks` registered. */
async function instance(tasks: [string, number, () => Promise<unknown>][], logger = capturingLogger().logger) {
  const queue = new JobQueue({
    url: db.url,
    logger,
    pollingIntervalSeconds: 0.5,
    sendsScheduled: true,
    cronMonitorIntervalSeconds: 1,
    cronWorkerIntervalSeconds: 1,
  });
  const scheduler = new Scheduler(queue, logger, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  for (const [name, seconds, run] of tasks) scheduler.every(name, seconds, run);
  await queue.start();
  stops.push(async () => {
    await scheduler.stop();
    await queue.stop();
  });
  return { queue, scheduler };
}

/** Jobs of task `name` by state. */
async function jobs(name: string): Promise<Record<string, number>> {
  const rows: { state: string; n: number }[] = await ds.query(
    `SELECT state, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 GROUP BY state`,
    [periodicQueue(name)],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** pg-boss's sends of task `name`'s schedule: their state and the minute each was sent for. */
function sends(name: string): Promise<{ state: string; minute: string }[]> {
  return ds.query(
    `SELECT state, singleton_on::text AS minute FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2`,
    [SEND_IT, periodicQueue(name)],
  );
}

/** Polls (no fixed sleep) until `done` holds, or fails after `ms`. */
async function eventually(done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until pg-boss has made `count` more cron passes over this database (one instance each). */
async function cronPasses(count: number): Promise<void> {
  const seen = new Set<string>();
  const now = async () => (await ds.query(`SELECT cron_on::text AS t FROM ${JOB_SCHEMA}.version`))[0]?.t ?? '';
  const first = await now();
  await eventually(async () => {
    const t = await now();
    if (t !== first) seen.add(t);
    return seen.size >= count;
  });
}

/** Enqueues a run of `name` as pg-boss's cron does (its insert: a job a stately queue may drop). */
function sendRun(queue: JobQueue, name: string): Promise<void> {
  return ds.transaction((m) => queue.sendManyIn(m, periodicQueue(name), [{ id: randomUUID(), data: {} }], RETRY));
}

describe('Scheduler (pg-boss schedule, two instances)', () => {
  it('runs each period once however many instances run the cron monitor and the workers', async () => {
    const name = taskName();
    let runs = 0;
    const task = async () => (runs += 1);
    const a = await instance([[name, 60, task]]);
    const b = await instance([[name, 60, task]]);
    await Promise.all([a.queue.work(), b.queue.work()]);

    // A's cron monitor sends this minute's run as it starts; either instance's worker runs it.
    await a.scheduler.start();
    await eventually(async () => (await jobs(name)).completed >= 1);
    // Then both monitors run: several passes over the database, each finding the task due.
    await b.scheduler.start();
    await cronPasses(3);
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
    await eventually(async () => {
      const j = await jobs(name);
      return !j.created && !j.retry && !j.active;
    });

    // One send per minute however many passes (pg-boss's singleton), each run exactly once.
    const sent = await sends(name);
    expect(new Set(sent.map((s) => s.minute)).size).toBe(sent.length);
    expect(sent.length).toBeLessThanOrEqual(2); // these seconds span at most two minutes
    const done = (await jobs(name)).completed;
    expect(await jobs(name)).toEqual({ completed: done });
    expect(runs).toBe(done);
    // Every run came from a send (a send cut by the monitors' stop may not have inserted its run).
    expect(done).toBeGreaterThanOrEqual(sent.filter((s) => s.state === 'completed').length);
    expect(done).toBeLessThanOrEqual(sent.length);
  });

  it('never runs a task twice at once, and keeps at most one run waiting (stately queue)', async () => {
    const name = taskName();
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      try {
        await gate;
      } finally {
        running -= 1;
      }
    };
    const a = await instance([[name, 60, task]]);
    const b = await instance([[name, 60, task]]);
    await Promise.all([a.queue.work(), b.queue.work()]);

    try {
      await sendRun(a.queue, name);
      await eventually(() => running === 1);
      await sendRun(b.queue, name); // the next period's run arrives while this one still runs: it waits
      // What each instance's worker asks at every poll: nothing to run while a run is active.
      expect(await probe.fetch(periodicQueue(name))).toEqual([]);
      await sendRun(a.queue, name); // and one more: dropped, a run is waiting already
      expect(await jobs(name)).toEqual({ active: 1, created: 1 });
    } finally {
      release();
    }
    await eventually(async () => (await jobs(name)).completed === 2);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('logs a failing run with its name and retries it twice, then pg-boss keeps the failure', async () => {
    const name = taskName();
    const { logger, lines } = capturingLogger();
    const a = await instance(
      [
        [
          name,
          60,
          async () => {
            throw new Error('disk on fire');
          },
        ],
      ],
      logger,
    );
    await a.queue.work();
    await a.scheduler.start(); // the monitor's first pass sends the run
    await eventually(async () => Object.keys(await jobs(name)).length > 0);
    await a.scheduler.stop(); // no more sends (one more if a minute began meanwhile: checked alike)
    await eventually(async () => {
      const j = await jobs(name);
      return !j.created && !j.retry && !j.active;
    });

    const runs: { retry_count: number; state: string; output: { message?: string } }[] = await ds.query(
      `SELECT retry_count, state, output FROM ${JOB_SCHEMA}.job WHERE name = $1`,
      [periodicQueue(name)],
    );
    expect(runs.length).toBeGreaterThanOrEqual(1);
    for (const run of runs) expect(run).toMatchObject({ state: 'failed', output: { message: 'disk on fire' } });
    // The first run is retried twice. A second run sent as a minute began can't wait in `retry`
    // beside it (the stately policy allows one job per state), so pg-boss fails it without a retry.
    expect(Math.max(...runs.map((r) => r.retry_count))).toBe(2);
    const failures = lines.filter((l) => l.task === name && l.msg === 'scheduled task failed');
    expect(failures).toHaveLength(runs.reduce((n, r) => n + r.retry_count + 1, 0)); // each attempt logged
    expect(failures[0]).toMatchObject({ err: expect.objectContaining({ message: 'disk on fire' }) });
    await expect(a.scheduler.runNow(name)).rejects.toThrow('disk on fire');
  });

  it('start() writes each task as a cron schedule on a stately queue, and drops periodic schedules no longer registered', async () => {
    const [hourly, odd, gone] = [taskName(), taskName(), taskName()];
    const noop = async () => undefined;
    // A release before this one: every task registered, its queues made with pg-boss's defaults.
    const old = new JobQueue({ url: db.url, logger: capturingLogger().logger });
    old.define(periodicQueue(hourly), noop).define('test.unrelated', noop);
    await old.start();
    await old.schedule('test.unrelated', '0 0 * * *');
    stops.push(() => old.stop());
    const before = await instance([
      [hourly, 3600, noop],
      [gone, 300, noop],
    ]);
    await before.scheduler.start();
    expect((await before.queue.schedules()).map((s) => s.name)).toEqual(
      expect.arrayContaining([periodicQueue(hourly), periodicQueue(gone)]),
    );

    const { logger, lines } = capturingLogger();
    const now = await instance(
      [
        [hourly, 3600, noop],
        [odd, 90, noop],
      ],
      logger,
    );
    await now.scheduler.start();
    const schedules = await now.queue.schedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        { name: periodicQueue(hourly), cron: '0 * * * *' },
        { name: periodicQueue(odd), cron: '*/2 * * * *' },
        { name: 'test.unrelated', cron: '0 0 * * *' },
      ]),
    );
    expect(schedules.map((s) => s.name)).not.toContain(periodicQueue(gone));
    expect(lines).toContainEqual(
      expect.objectContaining({ task: odd, intervalSeconds: 90, everySeconds: 120, cron: '*/2 * * * *' }),
    );
    const queues: { name: string; policy: string; retry_limit: number; expire_seconds: number }[] = await ds.query(
      `SELECT name, policy, retry_limit, expire_seconds FROM ${JOB_SCHEMA}.queue WHERE name = ANY($1)`,
      [[periodicQueue(hourly), periodicQueue(odd)]],
    );
    expect(Object.fromEntries(queues.map(({ name, ...q }) => [name, q]))).toEqual({
      [periodicQueue(hourly)]: { policy: 'stately', retry_limit: 2, expire_seconds: 900 }, // made 'standard' before
      [periodicQueue(odd)]: { policy: 'stately', retry_limit: 2, expire_seconds: 120 },
    });
  });

  it('refuses a task name pg-boss could not carry, and an interval longer than a day', () => {
    const scheduler = new Scheduler(new JobQueue({ url: db.url, logger: capturingLogger().logger }), pino());
    expect(() => scheduler.every('bad name', 60, async () => undefined)).toThrow(/bad task name/);
    expect(() => scheduler.every('test.weekly', 7 * 86_400, async () => undefined)).toThrow(
      /test.weekly: .* longer than a day/,
    );
  });
});
