/** Public face of platform/jobs: The pg-boss job queue, scheduled work, and work finished after an answer. Other folders import only this file. */
export * from './background-work';
export * from './interval-cron';
export * from './queue';
export * from './scheduler';
export * from './module-work';
