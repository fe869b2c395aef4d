import type { DataSource } from 'typeorm';
import type { Logger } from '../../logger';

/** One registered task: how often it runs, and the work. */
interface PeriodicTask {
  intervalMs: number;
  run: () => Promise<unknown>;
}

/**
 * Periodic maintenance (clean-ups) for a process that may be one of several behind a load
 * balancer: each run holds a PostgreSQL advisory lock named after its task, so only one instance
 * runs a task at a time. Timers are unref'd (they never keep the process alive); failures are
 * logged with the task's name and never thrown.
 */
export class Scheduler {
  private readonly tasks = new Map<string, PeriodicTask>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<boolean>>();
  private started = false;

  constructor(
    private readonly ds: DataSource,
    private readonly logger: Logger,
  ) {}

  /** Registers `run` to be run every `intervalSeconds` once started (first run right at start). */
  every(name: string, intervalSeconds: number, run: () => Promise<unknown>): this {
    this.tasks.set(name, { intervalMs: intervalSeconds * 1000, run });
    return this;
  }

  /** Starts every registered task's timer. */
  start(): void {
    this.started = true;
    for (const [name, task] of this.tasks) this.schedule(name, task, 0);
  }

  /** Clears the timers and waits for runs in progress (shutdown, before the pool closes). */
  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  /**
   * Runs task `name` once now, unless another run of it (here or on another instance) holds its
   * lock. True if it ran (even if it failed: that is logged), false if it was skipped.
   */
  runNow(name: string): Promise<boolean> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`no scheduled task named ${name}`);
    return this.track(name, task);
  }

  /** The next run of `name` after `delayMs`, then one every interval after each run while started. */
  private schedule(name: string, task: PeriodicTask, delayMs: number): void {
    const timer = setTimeout(() => {
      void this.track(name, task).then(() => {
        if (this.started) this.schedule(name, task, task.intervalMs);
      });
    }, delayMs);
    timer.unref();
    this.timers.set(name, timer);
  }

  /** Starts a run that `stop()` will wait for. */
  private track(name: string, task: PeriodicTask): Promise<boolean> {
    const run = this.runLocked(name, task).finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }

  /** One run on a dedicated connection holding the task's session advisory lock throughout. */
  private async runLocked(name: string, task: PeriodicTask): Promise<boolean> {
    const runner = this.ds.createQueryRunner();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [name]);
      if (!locked) return false;
      try {
        await task.run();
      } catch (err) {
        this.logger.error({ err, task: name }, 'scheduled task failed');
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [name]);
      }
      return true;
    } catch (err) {
      this.logger.error({ err, task: name }, 'scheduled task lock failed');
      return false;
    } finally {
      await runner.release();
    }
  }
}
