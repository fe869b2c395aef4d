import type { Clock } from '../kernel/clock';

/** A clock that stands still until a test moves it (starts at the real time). */
export class ManualClock implements Clock {
  private ms = Date.now();

  now(): Date {
    return new Date(this.ms);
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }

  /** Convenience for the usual units. */
  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }
}
