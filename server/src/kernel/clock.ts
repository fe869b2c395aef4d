/**
 * Where the server reads the time. One injectable clock (DESIGN §3) so that expiries, windows and
 * cool-downs are decided by it, and tests move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

/** The real time, for every process that is not a test. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * TEST ONLY. The browser tests must "pass a plan's term" against a real server, so with
 * NODE_ENV=test and TEST_CLOCK_CONTROL=true (config.testClockControl) the server's clock is this
 * offset clock and POST /api/test/clock moves it. In every other configuration the clock is the
 * real one and the path does not exist (404); production refuses TEST_CLOCK_CONTROL at start.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  /** Moves the clock forward (never back: expiries already decided stay decided). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
