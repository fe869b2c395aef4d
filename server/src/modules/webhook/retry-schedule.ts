/**
 * Waits before each retry of a failed delivery, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h, 10 h, 14 h, 20 h. Eleven attempts in all over about three days (71 h 35 min), then the
 * delivery has failed for good (its owner can still redeliver it).
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [
  5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 50_400, 72_000,
];

/** Most attempts one delivery gets by itself: the first, then one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** When attempt `attempts + 1` is due after attempt number `attempts` failed at `now`; null when none is left. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const wait = RETRY_DELAYS_SECONDS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000);
}

/** An endpoint whose deliveries have failed without a success in between for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;
