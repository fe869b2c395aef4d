import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Logger } from '../../kernel/logger';
import type { QueueJobStats } from '../metrics';

/** pg-boss's schema in the application database (its own tables, created and migrated by pg-boss). */
export const JOB_SCHEMA = 'pgboss';

/** How a job is retried: attempts after the first, seconds before the first retry, doubling or not. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
}

/** A job as its handler sees it: the payload, and which run this is (0 = first, retryLimit = last). */
export interface JobRun<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/** What a job is allowed to take per run before pg-boss counts it as failed (and retries it). */
const DEFAULT_EXPIRE_SECONDS = 300;

/** pg-boss's own pool: a few connections beside the application's, so its polling never starves requests. */
const POOL_MAX = 3;

/** What stop() uses of pg-boss's own database adapter (src/db.js): its pg pool and close(). */
interface PgBossDb {
  opened?: boolean;
  pool?: { waitingCount: number };
  close(): Promise<void>;
}

/** Options of the queue wrapper; tests shorten the polling interval. */
export interface JobQueueOptions {
  url: string;
  logger: Logger;
  /** Seconds between a worker's polls when idle (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds between maintenance runs once workers run (expires stuck jobs, archives, deletes). */
  maintenanceIntervalSeconds?: number;
  /** Bounds on waiting for PostgreSQL, as the application's pool has them. */
  timeouts?: { statementTimeoutMs: number; connectTimeoutMs: number };
  /**
   * Servers only: pg-boss's cron monitor runs in this process and sends the scheduled jobs
   * (pg-boss sends each once across instances). Other processes (tests, the operator command)
   * start the queue too and must not.
   */
  sendsScheduled?: boolean;
  /** Seconds between pg-boss's cron passes (1 to 45, default 30; tests shorten it). */
  cronMonitorIntervalSeconds?: number;
  /** Seconds between polls of pg-boss's internal queue of due scheduled sends (1 to 45, default 5). */
  cronWorkerIntervalSeconds?: number;
}

/**
 * How pg-boss treats every job of one queue, whoever sends it (kept on pg-boss's queue row). A
 * `stately` queue holds at most one job waiting and one running: a second running one is never
 * fetched, and a job sent while one already waits is dropped.
 */
export interface QueueSettings extends RetryPolicy {
  policy: PgBoss.QueuePolicy;
  expireInSeconds: number;
}

/** A queue's timetable in pg-boss: a cron expression, read in UTC. */
export interface QueueSchedule {
  name: string;
  cron: string;
}

/** A registered handler, the queue it drains, and how many jobs of it one process runs at once. */
interface Definition {
  handler: (job: JobRun<unknown>) => Promise<unknown>;
  concurrency: number;
  /** Seconds between this queue's idle polls, when it may wait longer than the queue's default. */
  pollingIntervalSeconds?: number;
  /** Policy, retries and expiry of the queue's jobs (applied at every start), or pg-boss's defaults. */
  settings?: QueueSettings;
}

/** Workers per queue and process unless a queue asks otherwise: one slow job must not hold the queue. */
const DEFAULT_CONCURRENCY = 4;

/** Seconds between an idle worker's polls (pg-boss's default of 2 s left a backlog growing under load). */
const DEFAULT_POLLING_SECONDS = 1;

/**
 * The one job queue (pg-boss 10 on the application's PostgreSQL), kept small: modules `define`
 * their queues and handlers; `start()` installs or migrates pg-boss's schema and creates the
 * queues (every process, before anything is enqueued; idempotent); `work()` runs the handlers
 * (servers only, after they listen); with `sendsScheduled` (servers) pg-boss's cron monitor
 * sends the scheduled jobs from `start()` on; `stop()` lets running jobs finish. `sendIn` enqueues inside the caller's TypeORM transaction, so a job
 * exists exactly when the event that causes it commits.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private starting: Promise<void> | null = null;
  private working = false;
  private maintenance: NodeJS.Timeout | null = null;

  constructor(private readonly options: JobQueueOptions) {
    const timeouts = options.timeouts;
    const connection = {
      connectionString: options.url,
      schema: JOB_SCHEMA,
      // Passed through to pg's pool, like the application's own.
      ...(timeouts
        ? { connectionTimeoutMillis: timeouts.connectTimeoutMs, statement_timeout: timeouts.statementTimeoutMs }
        : {}),
    };
    this.boss = new PgBoss({
      ...connection,
      max: POOL_MAX,
      application_name: 'cryptovest-jobs',
      // The cron monitor only where scheduled jobs are sent (servers); maintenance only where workers run.
      schedule: options.sendsScheduled === true,
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
      ...(options.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds } : {}),
      supervise: false,
      migrate: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => options.logger.error({ err }, 'job queue error'));
  }

  /** Declares a queue and its handler (before `start`). A handler that throws is retried by policy. */
  define<T>(
    name: string,
    handler: (job: JobRun<T>) => Promise<unknown>,
    {
      concurrency = DEFAULT_CONCURRENCY,
      pollingIntervalSeconds,
      settings,
    }: { concurrency?: number; pollingIntervalSeconds?: number; settings?: QueueSettings } = {},
  ): this {
    const def = { handler: handler as Definition['handler'], concurrency, pollingIntervalSeconds, settings };
    this.definitions.set(name, def);
    return this;
  }

  /**
   * Installs (or migrates) pg-boss's schema and creates every defined queue. Safe to call from
   * every process at once (pg-boss takes an advisory lock) and many times (runs once; a failed
   * start is tried again by the next call).
   */
  start(): Promise<void> {
    this.starting ??= this.install().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async install(): Promise<void> {
    await this.boss.start();
    for (const [name, { settings }] of this.definitions) {
      const queue = settings && {
        name,
        policy: settings.policy,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: settings.expireInSeconds,
      };
      // Settings are applied again at each start, so a queue made by an older release gets them.
      if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, queue);
      else if (queue) await this.boss.updateQueue(name, queue);
    }
  }

  /** Runs the defined handlers (and pg-boss's maintenance) in this process; servers call it after listening. */
  async work(): Promise<void> {
    await this.start();
    if (this.working) return;
    this.working = true;
    for (const [name, def] of this.definitions) {
      for (let i = 0; i < def.concurrency; i++) {
        const polling = def.pollingIntervalSeconds ? { pollingIntervalSeconds: def.pollingIntervalSeconds } : {};
        await this.boss.work<unknown>(name, { includeMetadata: true, batchSize: 1, ...polling }, async ([job]) => {
          await def.handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
        });
      }
    }
    const every = (this.options.maintenanceIntervalSeconds ?? 120) * 1000;
    this.maintenance = setInterval(() => {
      // Expires jobs whose worker died (they are retried), archives and deletes old ones.
      this.boss.maintain().catch((err: unknown) => this.options.logger.warn({ err }, 'job queue maintenance failed'));
    }, every);
    this.maintenance.unref();
  }

  /**
   * Enqueues a job through `manager` (the caller's transaction): it becomes visible when that
   * transaction commits and vanishes if it rolls back. `id` lets the caller record the job's id
   * in its own row. The job starts after `startAfterSeconds`, or at `startAt` (a moment, e.g. a
   * deposit's maturity). Throws when the queue is missing, so no event commits without its job.
   */
  async sendIn(
    manager: EntityManager,
    name: string,
    data: object,
    options: RetryPolicy & {
      id?: string;
      startAfterSeconds?: number;
      startAt?: Date;
      expireInSeconds?: number;
      priority?: number;
    },
  ): Promise<string> {
    await this.start();
    const db = {
      executeSql: async (text: string, values: unknown[]) => ({ rows: await sqlRows(manager, text, values) }),
    };
    const id = await this.boss.send(name, data, {
      id: options.id,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: options.retryBackoff,
      startAfter: options.startAt ?? options.startAfterSeconds,
      expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      ...(options.priority === undefined ? {} : { priority: options.priority }), // pg-boss refuses `priority: undefined`
      db,
    });
    if (!id) throw new Error(`job queue "${name}" does not exist (was JobQueue.start() run?)`);
    return id;
  }

  /**
   * Enqueues many jobs of one queue through `manager` with one statement (pg-boss's insert), with
   * the same visibility rule as `sendIn`.
   */
  async sendManyIn(
    manager: EntityManager,
    name: string,
    jobs: { id: string; data: object; priority?: number }[],
    options: RetryPolicy & { startAfterSeconds?: number; expireInSeconds?: number },
  ): Promise<void> {
    if (!jobs.length) return;
    await this.start();
    const db = {
      executeSql: async (text: string, values: unknown[]) => ({ rows: await sqlRows(manager, text, values) }),
    };
    await this.boss.insert(
      jobs.map((job) => ({
        id: job.id,
        name,
        data: job.data,
        priority: job.priority ?? 0,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: options.retryBackoff,
        startAfter: options.startAfterSeconds !== undefined ? String(options.startAfterSeconds) : undefined,
        expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      })),
      { db },
    );
  }

  /**
   * Makes `cron` (UTC) the timetable of queue `name` (replacing any earlier one): pg-boss sends one
   * job per due time across all instances, from the servers (`sendsScheduled`).
   */
  async schedule(name: string, cron: string): Promise<void> {
    await this.start();
    await this.boss.schedule(name, cron, undefined, { tz: 'UTC' });
  }

  /** Removes queue `name`'s timetable (jobs already sent stay). */
  async unschedule(name: string): Promise<void> {
    await this.start();
    await this.boss.unschedule(name);
  }

  /** Every queue's timetable in this database. */
  async schedules(): Promise<QueueSchedule[]> {
    await this.start();
    return (await this.boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
  }

  /** Cancels a job that is no longer needed (its work was done another way); a job already running is left alone. */
  async cancel(name: string, id: string): Promise<void> {
    await this.start();
    await this.boss.cancel(name, id);
  }

  /** SQL condition (over a job id expression) that holds while that job may still run. */
  liveJobCondition(jobIdSql: string, name: string): string {
    if (!/^[a-z0-9._-]+$/i.test(name)) throw new Error(`bad queue name ${name}`);
    return `EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.job j WHERE j.name = '${name}' AND j.id = ${jobIdSql}
                    AND j.state IN ('created', 'retry', 'active'))`;
  }

  /**
   * Each queue this process defined, for the metrics (`cryptovest_jobs_*{queue}`; only defined names,
   * so the label set stays bounded whatever else the table holds): jobs due and waiting, waiting for
   * a later start, running, failed for good (kept until pg-boss archives them), and how long the
   * longest-waiting due job has waited since it became due (a settle job waiting for its deposit's
   * maturity is not late). A queue without jobs reports zeros.
   */
  async queueStats(): Promise<QueueJobStats[]> {
    await this.start();
    const names = [...this.definitions.keys()].sort();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS queued,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS deferred,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              extract(epoch FROM now() - min(start_after)
                FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest
         FROM ${JOB_SCHEMA}.job
        WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name`,
      [names],
    );
    const found = new Map(
      (
        rows as {
          name: string;
          queued: number;
          deferred: number;
          active: number;
          failed: number;
          oldest: number | null;
        }[]
      ).map((r) => [r.name, r]),
    );
    return names.map((queue) => {
      const r = found.get(queue);
      return {
        queue,
        queued: r?.queued ?? 0,
        deferred: r?.deferred ?? 0,
        active: r?.active ?? 0,
        failed: r?.failed ?? 0,
        oldestQueuedSeconds: r?.oldest ?? null,
      };
    });
  }

  /** Stops the cron monitor and the workers, waits up to `timeoutMs` for running jobs, closes pg-boss's pool. Before the app's pool closes. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.maintenance) clearInterval(this.maintenance);
    this.maintenance = null;
    this.working = false;
    const started = this.starting;
    this.starting = null;
    if (!started) return;
    await started.catch(() => undefined);
    // pg-boss stops its workers and waits for running jobs; its pool is closed here, once no
    // worker's poll waits for a connection any more: pg's Pool.end() never serves nor refuses such
    // a waiter, so that worker would never stop, and pg-boss would look for it every second for
    // ever (the jest runs' "failed to run" after teardown, and a process that does not exit).
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    await this.closePoolOnceNothingWaits(timeoutMs);
  }

  /** How many of pg-boss's polls wait for one of its pool's connections now (0 once closed). */
  pollsWaitingForConnection(): number {
    return (this.boss.getDb() as unknown as PgBossDb).pool?.waitingCount ?? 0;
  }

  /** Closes pg-boss's pool when no caller waits for a connection (or after `timeoutMs` anyway). */
  private async closePoolOnceNothingWaits(timeoutMs: number): Promise<void> {
    const db = this.boss.getDb() as unknown as PgBossDb;
    const deadline = Date.now() + timeoutMs;
    while (this.pollsWaitingForConnection() > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    if (db.opened) await db.close();
  }
}
