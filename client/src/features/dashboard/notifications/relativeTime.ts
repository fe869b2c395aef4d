import { formatDate } from '../../../components/transactionCells';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a notification came, as people say it: "just now", "5 min ago", "3 h ago", then the
 * date and time ("22 Nov 2026, 04:53") from a day on.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return formatDate(iso);
  const ago = now - at;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < 24 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  return formatDate(iso);
}
