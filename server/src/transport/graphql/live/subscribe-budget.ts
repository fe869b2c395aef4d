import type { Clock } from '../../../kernel/clock';

/**
 * A token bucket for one socket's subscribe messages: `perMinute` at once, then refilled evenly
 * (one every 60/perMinute seconds), read from the injected clock. Each subscribe message takes a
 * token, whether it then succeeds or not: refusing still costs a parse and a validation.
 */
export class SubscribeBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    this.tokens = perMinute;
    this.at = clock.now().getTime();
  }

  /** Takes a token; false when the socket has used up its budget for now. */
  take(): boolean {
    const now = this.clock.now().getTime();
    const refill = (Math.max(0, now - this.at) * this.perMinute) / 60_000;
    this.tokens = Math.min(this.perMinute, this.tokens + refill);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
