import { formatMoney } from '@cryptovest/common';

/**
 * A plan's price as advertised: whole dollars stay whole ("$150", not "$150.00"), as price tags on
 * the public pages read; any cents still show. Money held in an account always shows its cents.
 */
export const priceTag = (amount: string): string => formatMoney(amount, { minDecimals: 0 });

/** Deposit range of a plan, e.g. "$150 – $4,999", or "$30,000+" when open-ended (exact decimals). */
export function formatPlanRange(minAmount: string, maxAmount: string | null): string {
  if (maxAmount === null) return `${priceTag(minAmount)}+`;
  return `${priceTag(minAmount)} \u2013 ${priceTag(maxAmount)}`;
}

/** Profit line of a plan, e.g. "10% profit" from "10.00" (decimal string, no float maths). */
export function formatPlanProfit(profitPercent: string): string {
  return `${formatMoney(profitPercent, { prefix: '', minDecimals: 0 })}% profit`;
}

/** Plan duration, e.g. "24 hrs" (SPEC §3: each plan lasts 24 hrs). */
export function formatPlanDuration(hours: number): string {
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}
