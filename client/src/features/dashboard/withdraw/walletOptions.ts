import { WITHDRAWAL_COINS, type WithdrawalCoin } from '@cryptovest/common';
import type { AccountQuery } from '../../../generated/graphql';

/** Longest address part of a withdrawal wallet label (SPEC §5, §9). */
export const WALLET_LABEL_MAX = 35;

/** One choice of the withdrawal wallet select. */
export interface WalletOption {
  coin: WithdrawalCoin;
  address: string;
  /** "{coin} – {address cut to 35 characters}". */
  label: string;
}

/** Only the saved (non-empty) withdrawal addresses, labelled by coin and truncated address. */
export function walletOptions(wallet: AccountQuery['account']['wallet'] | undefined): WalletOption[] {
  if (!wallet) return [];
  return WITHDRAWAL_COINS.flatMap((coin) => {
    const address = wallet[coin]?.trim();
    return address ? [{ coin, address, label: `${coin} – ${address.slice(0, WALLET_LABEL_MAX)}` }] : [];
  });
}
