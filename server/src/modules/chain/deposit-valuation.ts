import Decimal from 'decimal.js';
import type { Plan } from '../plan';

/** A payment's USD value at `price`, cut (never rounded up) to cents: the platform never credits more than arrived. */
export function usdValue(coinAmount: string, price: string): string {
  return new Decimal(coinAmount).mul(price).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** The plan a deposit of `usd` falls in: the active plan with the highest minimum it reaches, within that plan's maximum. */
export function planForAmount(usd: string, plans: readonly Plan[]): Plan | null {
  const amount = new Decimal(usd);
  const fitting = plans.filter(
    (p) => p.active && amount.gte(p.minAmount) && (p.maxAmount === null || amount.lte(p.maxAmount)),
  );
  return fitting.sort((a, b) => new Decimal(b.minAmount).cmp(a.minAmount))[0] ?? null;
}
