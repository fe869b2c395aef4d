/** Public face of platform/limits: Rate limits and budgets shared across instances. Other folders import only this file. */
export * from './budget';
export * from './rate-limits';
