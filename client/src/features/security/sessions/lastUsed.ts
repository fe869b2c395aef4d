import { formatDate } from '../../../components/transactionCells';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a session was last used, as people say it: "just now" (the server records use at most
 * once a minute), "5 min ago", "3 h ago", then the date and time from a day on.
 */
export function lastUsedText(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return formatDate(iso);
  const ago = Math.max(0, now - at);
  if (ago < 2 * MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < 24 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  return formatDate(iso);
}
