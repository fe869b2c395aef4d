import type { Logger } from '../../kernel/logger';
import { cronForInterval } from './interval-cron';
import type { JobQueue } from './queue';

/** One registered task: its timetable, and the work. */
interface PeriodicTask {
  cron: string;
  run: () => Promise<unknown>;
}

/** Prefix of the pg-boss queues (and schedules) that carry periodic runs. */
const PREFIX = 'periodic.';

/**
 * How often an idle instance asks for a periodic run to work on. Runs are at most one per task
 * and minute, so a few seconds' wait costs nothing, while each poll is a query on every instance.
 */
const DEFAULT_RUN_POLLING_SECONDS = 5;

/** Seconds before a failed run is tried again (twice), unless a test shortens it. */
const DEFAULT_RETRY_DELAY_SECONDS = 60;

/** Knobs tests turn; production uses the defaults. */
export interface SchedulerOptions {
  /** Seconds between an idle worker's polls of each periodic queue. */
  pollingIntervalSeconds?: number;
  /** Seconds before a failed run's retry. */
  retryDelaySeconds?: number;
}

/** The pg-boss queue that carries task `name`'s runs (its schedule has the same name). */
export const periodicQueue = (name: string) => `${PREFIX}${name}`;

/**
 * Periodic work (clean-ups, sweeps, the price refresh) that runs once per period across all
 * instances behind a load balancer, never once per instance, on pg-boss alone: each task is a
 * pg-boss `schedule()` (cron, UTC; see cronForInterval for how an interval maps to it) on a queue
 * of its own, which pg-boss's cron monitor sends once per due time whichever instances run it;
 * every instance works every such queue, and the queue's `stately` policy lets one run be active
 * at a time with at most one more waiting, so a slow run or stopped workers never overlap or pile
 * up. A failed run is logged with the task's name and retried twice; a run outliving its period
 * (bounded to 1 to 15 minutes) is presumed dead and retried.
 */
export class Scheduler {
  private readonly tasks = new Map<string, PeriodicTask>();
  private starting: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly options: SchedulerOptions = {},
  ) {}

  /**
   * Registers `run` to run every `intervalSeconds` across all instances, before the queue starts.
   * The interval is rounded up to a period cron repeats evenly (at least a minute; logged when it
   * changes); the first run is at the next due time after `start()`.
   */
  every(name: string, intervalSeconds: number, run: () => Promise<unknown>): this {
    if (!/^[a-z0-9._-]+$/i.test(name)) throw new Error(`bad task name ${name}`);
    let period;
    try {
      period = cronForInterval(intervalSeconds);
    } catch (err) {
      throw new Error(`periodic task ${name}: ${(err as Error).message}`);
    }
    if (period.seconds !== intervalSeconds)
      this.logger.warn(
        { task: name, intervalSeconds, everySeconds: period.seconds, cron: period.cron },
        'periodic task interval rounded up to a cron period',
      );
    this.tasks.set(name, { cron: period.cron, run });
    this.queue.define(periodicQueue(name), () => this.runLogged(name), {
      concurrency: 1,
      pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? DEFAULT_RUN_POLLING_SECONDS,
      settings: {
        policy: 'stately',
        retryLimit: 2,
        retryDelaySeconds: this.options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: false,
        expireInSeconds: Math.min(900, period.seconds),
      },
    });
    return this;
  }

  /**
   * Writes every task's timetable to pg-boss (removing those of periodic tasks this release no
   * longer registers: the last instance to start wins); pg-boss's cron monitor (servers' queues,
   * `sendsScheduled`) sends the runs. Servers only, after `queue.work()`; tests call it only to test this.
   */
  start(): Promise<void> {
    this.stopping = false;
    this.starting ??= this.install().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** Stops writing timetables, also while `start()` is under way (the cron monitor and runs stop with the queue). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
  }

  private async install(): Promise<void> {
    for (const { name } of await this.queue.schedules()) {
      if (this.stopping) return;
      if (name.startsWith(PREFIX) && !this.tasks.has(name.slice(PREFIX.length))) await this.queue.unschedule(name);
    }
    for (const [name, task] of this.tasks) {
      if (this.stopping) return;
      await this.queue.schedule(periodicQueue(name), task.cron);
    }
  }

  /** Runs task `name` here and now, outside the queue (tests, an operator's console). True once it has run. */
  async runNow(name: string): Promise<boolean> {
    if (!this.tasks.has(name)) throw new Error(`no scheduled task named ${name}`);
    await this.runLogged(name);
    return true;
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
