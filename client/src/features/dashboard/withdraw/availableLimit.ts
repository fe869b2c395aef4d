import { formatDollars, isPositiveMoney } from '../components/dollars';

/** Fraction digits of the API's Money values (numeric(20,5) columns). */
const SCALE = 5;

/** A plain non-negative decimal as whole 10^-5 units, or null when it is not one. */
function toUnits(text: string): bigint | null {
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

/** The refusal for an amount above `available`, worded as the server words it. */
export function overAvailableMessage(available: string, lockedBonus: string): string {
  const bonus = isPositiveMoney(lockedBonus)
    ? `; your ${formatDollars(lockedBonus)} bonus unlocks with your first deposit`
    : '';
  return `The amount is more than your available balance (${formatDollars(available)})${bonus}`;
}
