import { EMPTY_VALUE, LEDGER_BUCKET_LABELS, type AccountBucket } from '@cryptovest/common';

/** The coins an account keeps a balance of (its per-coin buckets), in the order the wallet shows them. */
export const HELD_COINS = [
  'bitcoin',
  'ethereum',
  'usdt',
  'bnb',
  'litecoin',
] as const satisfies readonly AccountBucket[];

/**
 * A coin's display name ("usdt" -> "USDT", issue 14: never "Usdt"), used by tables, selects, cards,
 * dialogs and labels alike: the coins' bucket names of the ledger's word list (one wording with the
 * statements); an unknown coin capitalised, the em dash when empty.
 */
export function coinName(crypto: string | null | undefined): string {
  const key = crypto?.trim().toLowerCase();
  if (!key) return EMPTY_VALUE;
  const known = (HELD_COINS as readonly string[]).includes(key) ? LEDGER_BUCKET_LABELS[key] : undefined;
  return known ?? key.charAt(0).toUpperCase() + key.slice(1);
}
