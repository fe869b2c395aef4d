import type { Translate } from '@cryptovest/common';
import { englishText } from '../components/wording';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left, as a short countdown: "1 d 02 h 05 m" from a day on, "2 h 05 m 09 s" from an
 * hour, "5 m 09 s", "9 s"; zero or less is "0 s". Seconds are rounded up, so "1 s" shows until
 * the moment itself. The units are the language's own (`t`; English by default).
 */
export function formatCountdown(ms: number, t: Translate = englishText): string {
  if (!Number.isFinite(ms) || ms <= 0) return t('{{seconds}} s', { seconds: 0 });
  const total = Math.ceil(ms / SECOND) * SECOND;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  if (days > 0) return t('{{days}} d {{hours}} h {{minutes}} m', { days, hours: pad(hours), minutes: pad(minutes) });
  if (hours > 0)
    return t('{{hours}} h {{minutes}} m {{seconds}} s', { hours, minutes: pad(minutes), seconds: pad(seconds) });
  if (minutes > 0) return t('{{minutes}} m {{seconds}} s', { minutes, seconds: pad(seconds) });
  return t('{{seconds}} s', { seconds });
}

/** Milliseconds from `now` until the ISO time `iso` (negative once passed; NaN when unreadable). */
export function msUntil(iso: string, now: number): number {
  return new Date(iso).getTime() - now;
}
