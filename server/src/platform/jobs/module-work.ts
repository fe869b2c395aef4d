import type { JobQueue, JobRun } from './queue';
import type { Scheduler } from './scheduler';

/** The period of the hourly clean-ups (expired rows, stray uploads) modules and platform services own. */
export const HOURLY_SECONDS = 3600;

/** Work a module runs every `everySeconds`, once across all instances (a pg-boss cron schedule). */
export interface PeriodicWork {
  name: string;
  everySeconds: number;
  run: () => Promise<unknown>;
}

/** A queue a module handles: jobs it sends itself (e.g. a deposit's settle job at maturity). */
export interface JobHandler {
  name: string;
  handle: (job: JobRun<never>) => Promise<unknown>;
}

/**
 * What a module's factory returns besides its service: the jobs it handles and the periodic work it
 * owns. The composition root registers them all in one place (`registerModuleWork`), so a module
 * never reaches for the queue or the scheduler at construction.
 */
export interface ModuleWork {
  jobs?: readonly JobHandler[];
  periodic?: readonly PeriodicWork[];
}

/** Registers every module's job handlers with the queue and its periodic work with the scheduler (before they start). */
export function registerModuleWork(queue: JobQueue, scheduler: Scheduler, modules: readonly ModuleWork[]): void {
  for (const { jobs = [], periodic = [] } of modules) {
    for (const job of jobs) queue.define(job.name, job.handle as (job: JobRun<unknown>) => Promise<unknown>);
    for (const work of periodic) scheduler.every(work.name, work.everySeconds, work.run);
  }
}
