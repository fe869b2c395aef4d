import { isPositiveMoney } from './dollars';
import { ENGLISH, type Wording } from './wording';

/** Withdraw page: "Your $100.00 bonus unlocks with your first deposit" while a bonus is locked. */
export function lockedBonusLine(
  lockedBonus: string | null | undefined,
  { t, dollars }: Pick<Wording, 't' | 'dollars'> = ENGLISH,
): string | null {
  return isPositiveMoney(lockedBonus)
    ? t('Your {{bonus}} bonus unlocks with your first deposit', { bonus: dollars(lockedBonus) })
    : null;
}

/** Balance card: "includes $100.00 bonus, unlocks with your first deposit" while a bonus is locked. */
export function lockedBonusCaption(
  lockedBonus: string | null | undefined,
  { t, dollars }: Pick<Wording, 't' | 'dollars'> = ENGLISH,
): string | undefined {
  if (!isPositiveMoney(lockedBonus)) return undefined;
  return t('includes {{bonus}} bonus, unlocks with your first deposit', { bonus: dollars(lockedBonus) });
}
