import {
  decimalAtMost,
  type Locale,
  MAX_TRANSACTION_AMOUNT,
  msg,
  MSG,
  type PlanRange,
  planRangeMessage,
  type Translate,
  unformatMoney,
} from '@cryptovest/common';
import { readTypedAmount } from '../components/typedAmount';
import { englishText } from '../components/wording';

export { type PlanRange, planRangeMessage };
import * as yup from 'yup';

/**
 * The invest amount's messages (issue 14): a typo ("abc") and cents ("150.75") are told apart,
 * so the investor knows what to change. Not worded by the spec, which only says "min 3 characters".
 */
export const INVEST_AMOUNT_MSG = {
  required: MSG.enterAmount,
  notANumber: msg('enter the amount in dollars, using digits only (e.g. 1500)'),
  wholeDollars: msg('enter whole dollars, without cents'),
} as const;

/**
 * The typed amount as plain whole-dollar text: `$`, commas and spaces dropped, a zero fraction
 * ("150.00") accepted as whole dollars, leading zeros removed. Anything else is left as typed.
 * Another language's amount is read with its own separators first ("1.500" or "1500,00" in German).
 */
export function investAmountText(raw: string, locale: Locale = 'en'): string {
  const text = locale === 'en' ? unformatMoney(raw.trim()) : readTypedAmount(locale, raw);
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
 * plan is chosen). Each message excludes the others, so exactly one shows. The amount is read as
 * typed in `locale`; this step's own messages are said with `t` (the shared ones where shown).
 */
export function investAmountRule(plan: PlanRange | undefined, locale: Locale = 'en', t: Translate = englishText) {
  return yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? investAmountText(value, locale) : value))
    .required(INVEST_AMOUNT_MSG.required)
    .test('number', t(INVEST_AMOUNT_MSG.notANumber), (v) => !v || isDecimal(v))
    .test('whole', t(INVEST_AMOUNT_MSG.wholeDollars), (v) => !v || !isDecimal(v) || isWhole(v))
    .test('range', plan ? planRangeMessage(plan) : MSG.amountTooSmall, (v) => {
      if (!v || !isWhole(v)) return true;
      return plan ? isWithinPlan(v, plan) : /[1-9]/.test(v);
    })
    .test('max', MSG.amountTooLarge, (v) => !v || !isWhole(v) || decimalAtMost(v, MAX_TRANSACTION_AMOUNT));
}
