/**
 * Where the server reads the time. One injectable clock (DESIGN §3) so that expiries, windows and
 * cool-downs are decided by it, and tests move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

/** The real time, for every process that is not a test. */
export const systemClock: Clock = { now: () => new Date() };
