import { isPositiveMoney } from '../components/dollars';
import { ENGLISH, type Wording } from '../components/wording';

/** Fraction digits of the API's Money values (numeric(20,5) columns). */
const SCALE = 5;

/** A plain non-negative decimal as whole 10^-5 units, or null when it is not one. */
export function toUnits(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > SCALE) return null;
  return BigInt(match[1] + (match[2] ?? '').padEnd(SCALE, '0'));
}

/**
 * True unless `amount` is a readable decimal above `available`: exact (no floats), and an
 * unreadable amount is left to the format rule so only one message shows.
 */
export function isWithinAvailable(amount: string | undefined, available: string): boolean {
  const wanted = amount === undefined ? null : toUnits(amount);
  const limit = toUnits(available);
  return wanted === null || limit === null || wanted <= limit;
}

/** The refusal for an amount above `available`, worded as the server words it (in English). */
export function overAvailableMessage(
  available: string,
  lockedBonus: string,
  { t, dollars }: Pick<Wording, 't' | 'dollars'> = ENGLISH,
): string {
  return isPositiveMoney(lockedBonus)
    ? t(
        'The amount is more than your available balance ({{available}}); your {{bonus}} bonus unlocks with your first deposit',
        { available: dollars(available), bonus: dollars(lockedBonus) },
      )
    : t('The amount is more than your available balance ({{available}})', { available: dollars(available) });
}

/** Whole 10^-5 units back as decimal text ("4000000" -> "40.00000"). */
function fromUnits(units: bigint): string {
  const digits = units.toString().padStart(SCALE + 1, '0');
  return `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
}

/**
 * How Available comes from the balance (issue 14), e.g. "Balance $140.00 − $40.00 pending
 * withdrawals − $100.00 locked bonus", so a figure below the balance never looks like a mistake.
 * The pending part is what the server held back besides the bonus. Undefined when nothing is held.
 */
export function availableBreakdown(
  balance: string,
  lockedBonus: string,
  available: string,
  { t, dollars }: Pick<Wording, 't' | 'dollars'> = ENGLISH,
): string | undefined {
  const [total, locked, free] = [toUnits(balance), toUnits(lockedBonus) ?? 0n, toUnits(available)];
  if (total === null || free === null) return undefined;
  const pending = total - locked - free;
  const values = { balance: dollars(balance), pending: dollars(fromUnits(pending)), locked: dollars(lockedBonus) };
  if (pending > 0n && locked > 0n)
    return t('Balance {{balance}} \u2212 {{pending}} pending withdrawals \u2212 {{locked}} locked bonus', values);
  if (pending > 0n) return t('Balance {{balance}} \u2212 {{pending}} pending withdrawals', values);
  if (locked > 0n) return t('Balance {{balance}} \u2212 {{locked}} locked bonus', values);
  return undefined;
}
