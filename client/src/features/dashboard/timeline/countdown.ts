const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left, as a short countdown: "1 d 02 h 05 m" from a day on, "2 h 05 m 09 s" from an
 * hour, "5 m 09 s", "9 s"; zero or less is "0 s". Seconds are rounded up, so "1 s" shows until
 * the moment itself.
 */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '0 s';
  const total = Math.ceil(ms / SECOND) * SECOND;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  if (days > 0) return `${days} d ${pad(hours)} h ${pad(minutes)} m`;
  if (hours > 0) return `${hours} h ${pad(minutes)} m ${pad(seconds)} s`;
  if (minutes > 0) return `${minutes} m ${pad(seconds)} s`;
  return `${seconds} s`;
}

/** Milliseconds from `now` until the ISO time `iso` (negative once passed; NaN when unreadable). */
export function msUntil(iso: string, now: number): number {
  return new Date(iso).getTime() - now;
}
