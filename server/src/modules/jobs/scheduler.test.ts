import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../db/data-source';
import { Scheduler } from './scheduler';

/** Two instances of the server: separate connection pools on the same database. */
let dsA: DataSource;
let dsB: DataSource;
beforeAll(async () => {
  const url = process.env.CRYPTOVEST_TEST_DB_URL;
  if (!url) throw new Error('global setup did not provide CRYPTOVEST_TEST_DB_URL');
  [dsA, dsB] = await Promise.all([createDataSource(url).initialize(), createDataSource(url).initialize()]);
});
afterAll(() => Promise.all([dsA.destroy(), dsB.destroy()]));

/** A real pino logger whose error lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const taskName = () => `test.task.${randomBytes(4).toString('hex')}`;

describe('Scheduler', () => {
  it('runs a registered task on demand', async () => {
    const name = taskName();
    let runs = 0;
    const scheduler = new Scheduler(dsA, capturingLogger().logger).every(name, 3600, async () => (runs += 1));
    expect(await scheduler.runNow(name)).toBe(true);
    expect(await scheduler.runNow(name)).toBe(true);
    expect(runs).toBe(2);
  });

  it('runs a task on one instance at a time', async () => {
    const name = taskName();
    const started = gate();
    const release = gate();
    let runsOnB = 0;
    const a = new Scheduler(dsA, capturingLogger().logger).every(name, 3600, async () => {
      started.open();
      await release.opened;
    });
    const b = new Scheduler(dsB, capturingLogger().logger).every(name, 3600, async () => (runsOnB += 1));

    const running = a.runNow(name);
    await started.opened;
    expect(await b.runNow(name)).toBe(false); // another instance
    expect(await a.runNow(name)).toBe(false); // an overlapping run of the same instance
    expect(runsOnB).toBe(0);

    release.open();
    expect(await running).toBe(true);
    expect(await b.runNow(name)).toBe(true); // the lock was given back
    expect(runsOnB).toBe(1);
  });

  it('logs a failing task with its name, never throws, and frees its lock', async () => {
    const name = taskName();
    const { logger, lines } = capturingLogger();
    const failing = new Scheduler(dsA, logger).every(name, 3600, async () => {
      throw new Error('disk on fire');
    });
    expect(await failing.runNow(name)).toBe(true);
    expect(lines).toEqual([
      expect.objectContaining({
        task: name,
        msg: 'scheduled task failed',
        err: expect.objectContaining({ message: 'disk on fire' }),
      }),
    ]);
    const other = new Scheduler(dsB, logger).every(name, 3600, async () => undefined);
    expect(await other.runNow(name)).toBe(true);
  });

  it('starts every task at once, and stop() waits for a run in progress', async () => {
    const name = taskName();
    const started = gate();
    const release = gate();
    let finished = false;
    const scheduler = new Scheduler(dsA, capturingLogger().logger).every(name, 3600, async () => {
      started.open();
      await release.opened;
      finished = true;
    });
    scheduler.start();
    await started.opened;

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(true);
  });
});
