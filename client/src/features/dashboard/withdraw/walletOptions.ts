import { WITHDRAWAL_COINS, type WithdrawalCoin } from '@cryptovest/common';
import { coinName } from '../../../components/coins';
import { coolingUntil, type SavedAddress } from '../components/addressCooldown';

/** Longest address part of a withdrawal wallet label (SPEC §5, §9). */
export const WALLET_LABEL_MAX = 35;

/** One choice of the withdrawal wallet select. */
export interface WalletOption {
  coin: WithdrawalCoin;
  address: string;
  /** "{coin's display name} – {address cut to 35 characters}". */
  label: string;
  /** Set while the address was saved recently (issue 33) and can't receive withdrawals yet. */
  usableFrom: string | null;
}

/**
 * Only the saved (non-empty) withdrawal addresses, in coin order, labelled by coin and truncated
 * address, each with the time it stops cooling down (null when usable now).
 */
export function walletOptions(saved: readonly SavedAddress[] | undefined, now = Date.now()): WalletOption[] {
  if (!saved) return [];
  return WITHDRAWAL_COINS.flatMap((coin) => {
    const entry = saved.find((s) => s.coin === coin);
    const address = entry?.address.trim();
    if (!address) return [];
    return [
      {
        coin,
        address,
        label: `${coinName(coin)} – ${address.slice(0, WALLET_LABEL_MAX)}`,
        usableFrom: coolingUntil(entry, now),
      },
    ];
  });
}
