import type { Clock } from '../../kernel/clock';
import { AppError } from '../../kernel/errors';
import { waitText } from '../../platform/limits';

/** One minute: the window of RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE. */
const WINDOW_MS = 60_000;

/** Most addresses tracked at once; past it the oldest window is forgotten (memory stays bounded). */
export const MAX_TRACKED_IPS = 10_000;

/**
 * Failed API-key lookups per client IP, in fixed one-minute windows, held in this instance's
 * memory. Why not the shared `budget` table: counting there is a database write per failure, the
 * very cost this limit exists to stop; a refused attempt here costs no statement at all. The
 * price is that each instance counts alone (N instances allow N times the limit), which is fine
 * for a limit on load: keys are 256 random bits, so guessing one is hopeless either way.
 */
export class KeyFailures {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
    private readonly maxTracked = MAX_TRACKED_IPS,
  ) {}

  /** 429 with the wait once `ip` spent its failures in the current window; checked before any lookup. */
  assertAllowed(ip: string | null): void {
    const now = this.clock.now().getTime();
    const window = this.current(ip ?? 'unknown', now);
    if (!window || window.failures < this.limit) return;
    const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    throw AppError.rateLimited(`Too many invalid API keys. Try again in ${waitText(seconds)}.`, seconds);
  }

  /** Counts one failed lookup (an unknown, malformed, revoked or expired key) against `ip`. */
  failed(ip: string | null): void {
    const key = ip ?? 'unknown';
    const now = this.clock.now().getTime();
    const window = this.current(key, now);
    if (window) return void window.failures++;
    if (this.windows.size >= this.maxTracked) this.forgetOldest(now);
    this.windows.set(key, { failures: 1, endsAt: now + WINDOW_MS });
  }

  /** The open window of `key`, dropping one that has ended. */
  private current(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= now) this.windows.delete(key);
    return window && window.endsAt > now ? window : null;
  }

  /** Makes room: drops ended windows, else the oldest one (insertion order is start order, so ended ones come first). */
  private forgetOldest(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now) break;
      this.windows.delete(key);
    }
    if (this.windows.size >= this.maxTracked) this.windows.delete(this.windows.keys().next().value!);
  }
}
