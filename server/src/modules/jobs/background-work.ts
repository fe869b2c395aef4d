import type { Logger } from '../../logger';

/**
 * Work a request starts but does not wait for (so its answer takes the same time whatever the
 * work finds, e.g. whether an e-mail is registered). Failures are logged, never thrown at the
 * caller; `idle()` lets shutdown and tests wait until everything started has finished.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts `work` after the current request's answer is on its way. */
  run(label: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.logger.error({ err, task: label }, 'background work failed'),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once every started task has finished (including tasks they started). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
