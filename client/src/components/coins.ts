import { EMPTY_VALUE, type AccountBucket } from '@cryptovest/common';

/**
 * How people read each coin the platform knows (issue 14: "USDT", "BNB", never "Usdt"): the one
 * place for coin display names, used by tables, selects, cards, dialogs and labels alike.
 */
const COIN_NAMES: Readonly<Record<string, string>> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
  bnb: 'BNB',
  litecoin: 'Litecoin',
};

/** A coin's display name ("usdt" -> "USDT"); an unknown coin capitalised, the em dash when empty. */
export function coinName(crypto: string | null | undefined): string {
  const key = crypto?.trim().toLowerCase();
  if (!key) return EMPTY_VALUE;
  return COIN_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** The coins an account keeps a balance of (its per-coin buckets), in the order the wallet shows them. */
export const HELD_COINS = [
  'bitcoin',
  'ethereum',
  'usdt',
  'bnb',
  'litecoin',
] as const satisfies readonly AccountBucket[];
