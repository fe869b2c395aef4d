import { formatDollars } from '@cryptovest/common';
import { isPositiveMoney } from './dollars';

/** Withdraw page: "Your $100.00 bonus unlocks with your first deposit" while a bonus is locked. */
export function lockedBonusLine(lockedBonus: string | null | undefined): string | null {
  return isPositiveMoney(lockedBonus)
    ? `Your ${formatDollars(lockedBonus)} bonus unlocks with your first deposit`
    : null;
}

/** Balance card: "includes $100.00 bonus, unlocks with your first deposit" while a bonus is locked. */
export function lockedBonusCaption(lockedBonus: string | null | undefined): string | undefined {
  if (!isPositiveMoney(lockedBonus)) return undefined;
  return `includes ${formatDollars(lockedBonus)} bonus, unlocks with your first deposit`;
}
