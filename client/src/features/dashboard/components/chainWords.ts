import type { Translate } from '@cryptovest/common';
import { englishText } from './wording';

/** Ticker symbols of the coins the platform knows; what wallets ask the amount in. */
const COIN_SYMBOLS: Readonly<Record<string, string>> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  usdt: 'USDT',
  bnb: 'BNB',
  litecoin: 'LTC',
};

/** A coin amount is typed into a wallet next to its symbol ("BTC"), so it is shown that way; unknown coins in capitals. */
export function coinSymbol(crypto: string): string {
  const key = crypto.trim().toLowerCase();
  return COIN_SYMBOLS[key] ?? key.toUpperCase();
}

/**
 * "n of N confirmations", the same on the deposit step and the timeline; the noun agrees with the
 * count (N, or n when nothing is required), in the reader's language.
 */
export function confirmationsText(
  confirmations: number,
  required: number | null | undefined,
  t: Translate = englishText,
): string {
  return required
    ? t('{{confirmations}} of {{count}} confirmations', { confirmations, count: required })
    : t('{{count}} confirmations', { count: confirmations });
}
