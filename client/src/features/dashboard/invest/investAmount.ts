import {
  decimalAtMost,
  MAX_TRANSACTION_AMOUNT,
  MSG,
  type PlanRange,
  planRangeMessage,
  unformatMoney,
} from '@cryptovest/common';

export { type PlanRange, planRangeMessage };
import * as yup from 'yup';

/**
 * The invest amount's messages (issue 14): a typo ("abc") and cents ("150.75") are told apart,
 * so the investor knows what to change. Not worded by the spec, which only says "min 3 characters".
 */
export const INVEST_AMOUNT_MSG = {
  required: MSG.enterAmount,
  notANumber: 'enter the amount in dollars, using digits only (e.g. 1500)',
  wholeDollars: 'enter whole dollars, without cents',
} as const;

/**
 * The typed amount as plain whole-dollar text: `$`, commas and spaces dropped, a zero fraction
 * ("150.00") accepted as whole dollars, leading zeros removed. Anything else is left as typed.
 */
export function investAmountText(raw: string): string {
  const text = unformatMoney(raw.trim());
  if (!/^\d+(\.0*)?$/.test(text)) return text;
  return text.replace(/\.0*$/, '').replace(/^0+(?=\d)/, '');
}

/** True when the whole-dollar text `amount` lies within the plan's range (exact, no floats). */
export function isWithinPlan(amount: string, plan: PlanRange): boolean {
  const atLeastMin = decimalAtMost(unformatMoney(plan.minAmount), amount);
  return atLeastMin && (plan.maxAmount == null || decimalAtMost(amount, unformatMoney(plan.maxAmount)));
}

const isDecimal = (text: string) => /^\d+(\.\d+)?$/.test(text);
const isWhole = (text: string) => /^\d+$/.test(text);

/**
 * The amount step's rule (SPEC §5 "Invest form": whole dollars), checked before the deposit
 * address is shown: digits, whole dollars, within the chosen plan's range (or above zero while no
 * plan is chosen). Each message excludes the others, so exactly one shows.
 */
export function investAmountRule(plan: PlanRange | undefined) {
  return yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? investAmountText(value) : value))
    .required(INVEST_AMOUNT_MSG.required)
    .test('number', INVEST_AMOUNT_MSG.notANumber, (v) => !v || isDecimal(v))
    .test('whole', INVEST_AMOUNT_MSG.wholeDollars, (v) => !v || !isDecimal(v) || isWhole(v))
    .test('range', plan ? planRangeMessage(plan) : MSG.amountTooSmall, (v) => {
      if (!v || !isWhole(v)) return true;
      return plan ? isWithinPlan(v, plan) : /[1-9]/.test(v);
    })
    .test('max', MSG.amountTooLarge, (v) => !v || !isWhole(v) || decimalAtMost(v, MAX_TRANSACTION_AMOUNT));
}
