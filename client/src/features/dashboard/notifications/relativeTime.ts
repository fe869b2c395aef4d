import { ENGLISH, type Wording } from '../components/wording';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a notification came, as people say it: "just now", "5 min ago", "3 h ago", then the
 * date and time ("22 Nov 2026, 04:53") from a day on; in the language of `wording` (English by default).
 */
export function relativeTime(
  iso: string,
  now: number = Date.now(),
  { t, stamp }: Pick<Wording, 't' | 'stamp'> = ENGLISH,
): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return stamp(iso);
  const ago = now - at;
  if (ago < MINUTE) return t('just now');
  if (ago < HOUR) return t('{{minutes}} min ago', { minutes: Math.floor(ago / MINUTE) });
  if (ago < 24 * HOUR) return t('{{hours}} h ago', { hours: Math.floor(ago / HOUR) });
  return stamp(iso);
}
