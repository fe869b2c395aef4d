import { formatDate } from '../../../components/transactionCells';

/**
 * Hours a changed withdrawal address waits before it can receive money (the server's
 * WITHDRAWAL_ADDRESS_COOLDOWN_HOURS default); only used in wording, the server enforces it.
 */
export const ADDRESS_COOLDOWN_HOURS = 24;

/** One saved address as the account query returns it. */
export interface SavedAddress {
  coin: string;
  address: string;
  usableFrom?: string | null;
}

/**
 * When a saved address still cools down at `now`, the time it can first receive withdrawals;
 * else null. The server decides; this only keeps a page left open from showing a stale wait.
 */
export function coolingUntil(saved: SavedAddress | undefined, now = Date.now()): string | null {
  const from = saved?.usableFrom;
  return from && Date.parse(from) > now ? from : null;
}

/** "usable from 23 Nov 2026, 15:05" in the viewer's time zone. */
export function usableFromText(iso: string): string {
  return `usable from ${formatDate(iso)}`;
}
