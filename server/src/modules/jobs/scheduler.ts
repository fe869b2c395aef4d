import type { DataSource } from 'typeorm';
import type { Clock } from '../../clock';
import { sqlRows } from '../../db/sql';
import type { Logger } from '../../logger';
import { JOB_SCHEMA, type JobQueue } from './queue';

/** One registered task: how often it runs, and the work. */
interface PeriodicTask {
  intervalSeconds: number;
  run: () => Promise<unknown>;
}

/** How often each instance looks for due tasks: the most a task starts late. */
const DEFAULT_TICK_SECONDS = 15;

/**
 * How often an idle instance asks for a periodic run to work on. Runs are at most one per task
 * and minute, so a few seconds' wait costs nothing, while each poll is a query on every instance.
 */
const DEFAULT_RUN_POLLING_SECONDS = 5;

/** The pg-boss queue that carries task `name`'s runs. */
export const periodicQueue = (name: string) => `periodic.${name}`;

/**
 * Periodic work (clean-ups, sweeps, the price refresh) that runs once across all instances behind
 * a load balancer, never once per instance. Every instance ticks; a run is claimed by one
 * conditional UPDATE of `periodic_task.next_run_at` (times from the injected clock), which also
 * enqueues the run as a pg-boss job in the same transaction; whichever instance's worker takes
 * that job runs the task, and a run cut short by a dying instance is retried by pg-boss. A task
 * whose previous run is still queued or running is not enqueued again, so a slow task or stopped
 * workers never pile runs up. Timers are unref'd; failures are logged with the task's name.
 */
export class Scheduler {
  private readonly tasks = new Map<string, PeriodicTask>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<string[]> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly tickSeconds = DEFAULT_TICK_SECONDS,
    private readonly runPollingSeconds = DEFAULT_RUN_POLLING_SECONDS,
  ) {}

  /** Registers `run` to run every `intervalSeconds` across all instances (first run at the first tick). Before the queue starts. */
  every(name: string, intervalSeconds: number, run: () => Promise<unknown>): this {
    if (!/^[a-z0-9._-]+$/i.test(name)) throw new Error(`bad task name ${name}`);
    this.tasks.set(name, { intervalSeconds, run });
    this.queue.define(periodicQueue(name), () => this.runLogged(name), {
      concurrency: 1,
      pollingIntervalSeconds: this.runPollingSeconds,
    });
    return this;
  }

  /** Ticks now and then every tickSeconds until stopped (servers, after the queue started). */
  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickSeconds * 1000);
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick in progress (runs in progress belong to the queue's stop). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }

  /**
   * Enqueues every task that is due at the clock's time and not already queued or running, and
   * returns their names. Any number of instances may tick at once: each due run is claimed once.
   */
  tick(): Promise<string[]> {
    this.ticking ??= this.enqueueDue().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Runs task `name` here and now, outside the queue (tests, an operator's console). True once it has run. */
  async runNow(name: string): Promise<boolean> {
    if (!this.tasks.has(name)) throw new Error(`no scheduled task named ${name}`);
    await this.runLogged(name);
    return true;
  }

  private async enqueueDue(): Promise<string[]> {
    const enqueued: string[] = [];
    for (const name of this.tasks.keys()) {
      try {
        if (await this.claimOnce(name)) enqueued.push(name);
      } catch (err) {
        this.logger.error({ err, task: name }, 'scheduled task not enqueued');
      }
    }
    return enqueued;
  }

  /**
   * One transaction: take task `name`'s due run (if no other instance took it) and enqueue it
   * unless one is pending. True when this call enqueued it. (Private; tests race it directly.)
   */
  private claimOnce(name: string): Promise<boolean> {
    const task = this.tasks.get(name)!;
    const now = this.clock.now();
    const queueName = periodicQueue(name);
    return this.ds.transaction(async (m) => {
      await m.query(`INSERT INTO periodic_task (name, next_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
        name,
        now,
      ]);
      // The row lock makes a second instance wait here, then see the moved time and take nothing.
      const claimed = await sqlRows(
        m,
        `UPDATE periodic_task SET next_run_at = $2::timestamptz + make_interval(secs => $3), last_enqueued_at = $2
          WHERE name = $1 AND next_run_at <= $2 RETURNING name`,
        [name, now, task.intervalSeconds],
      );
      if (!claimed.length) return false;
      const pending = await sqlRows(
        m,
        `SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') LIMIT 1`,
        [queueName],
      );
      if (pending.length) return false;
      await this.queue.sendIn(
        m,
        queueName,
        {},
        {
          retryLimit: 2,
          retryDelaySeconds: Math.min(60, task.intervalSeconds),
          retryBackoff: false,
          // A run outliving its interval is presumed dead and retried, bounded to 1 to 15 minutes.
          expireInSeconds: Math.min(900, Math.max(60, task.intervalSeconds)),
        },
      );
      return true;
    });
  }

  /** Runs the task; a failure is logged with its name and rethrown, so pg-boss records it and retries. */
  private async runLogged(name: string): Promise<void> {
    try {
      await this.tasks.get(name)!.run();
    } catch (err) {
      this.logger.error({ err, task: name }, 'scheduled task failed');
      throw err;
    }
  }
}
