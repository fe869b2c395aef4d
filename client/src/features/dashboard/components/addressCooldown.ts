import { formatDate } from '../../../components/transactionCells';

/** How long a new address waits, in words: "24 hours" (the server's policy from the site config). */
export const cooldownText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/**
 * The cool-down rule as investors read it (issue 33): any address saved once money is in waits,
 * a coin's first one too; addresses saved before the first deposit don't. No ending punctuation.
 */
export const cooldownRule = (hours: number) =>
  `For your safety, an address added or changed after your first deposit can receive withdrawals only ${cooldownText(hours)} later`;

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
