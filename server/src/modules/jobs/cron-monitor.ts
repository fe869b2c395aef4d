import PgBoss from 'pg-boss';
import type { Logger } from '../../logger';

/** Connections of the monitor's own pool: one cron pass and one send at a time. */
const POOL_MAX = 2;

/**
 * pg-boss's cron monitor, in a pg-boss instance of its own on the queue's schema. pg-boss starts
 * its monitor inside `start()` and only when constructed with `schedule: true`; every process
 * starts the job queue (tests, the operator command), but only servers should send scheduled jobs,
 * so the queue's own instance has `schedule: false` and this one runs where `JobQueue.runCron()`
 * is called. pg-boss makes the sends once across instances: one cron pass per
 * `cronMonitorIntervalSeconds` over the whole database (`version.cron_on`), and at most one send
 * per schedule and minute (a singleton on its internal `__pgboss__send-it` queue, whose worker here
 * then inserts the job).
 */
export class CronMonitor {
  private boss: PgBoss | null = null;
  private starting: Promise<unknown> | null = null;

  constructor(
    private readonly options: PgBoss.ConstructorOptions,
    private readonly logger: Logger,
  ) {}

  /** Starts the monitor (once; pg-boss's schema must exist: the queue's start installs it). */
  start(): Promise<unknown> {
    if (!this.starting) {
      const boss = new PgBoss({
        ...this.options,
        max: POOL_MAX,
        schedule: true,
        supervise: false,
        migrate: false,
      } as PgBoss.ConstructorOptions);
      boss.on('error', (err) => this.logger.error({ err }, 'cron monitor error'));
      this.boss = boss;
      this.starting = boss.start().catch((err: unknown) => {
        this.boss = null;
        this.starting = null;
        throw err;
      });
    }
    return this.starting;
  }

  /** Stops sending scheduled jobs from this process and closes the monitor's pool. */
  async stop(): Promise<void> {
    const boss = this.boss;
    const started = this.starting;
    this.boss = null;
    this.starting = null;
    if (!boss || !started) return;
    await started.catch(() => undefined);
    await boss.stop({ graceful: true, wait: true, close: true });
  }
}
