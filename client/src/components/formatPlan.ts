import { formatMoney } from '@cryptovest/common';

/** Deposit range of a plan, e.g. "$150 – $4,999", or "$30,000+" when open-ended (exact decimals). */
export function formatPlanRange(minAmount: string, maxAmount: string | null): string {
  if (maxAmount === null) return `${formatMoney(minAmount)}+`;
  return `${formatMoney(minAmount)} \u2013 ${formatMoney(maxAmount)}`;
}

/** Profit line of a plan, e.g. "10% profit" from "10.00" (decimal string, no float maths). */
export function formatPlanProfit(profitPercent: string): string {
  return `${formatMoney(profitPercent, { prefix: '' })}% profit`;
}

/** Plan duration, e.g. "24 hrs" (SPEC §3: each plan lasts 24 hrs). */
export function formatPlanDuration(hours: number): string {
  return `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
}
