import {
  DEFAULT_LOCALE,
  fillEnglish,
  formatMoney,
  formatMoneyIn,
  isLocale,
  msg,
  numberSeparators,
  type Locale,
  type Translate,
} from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The profit line's words (a catalogue key): "10% profit". */
const PROFIT = msg('{{percent}}% profit');
/** A plan's duration (catalogue plural keys "{{count}} hrs_one" / "_other"): "24 hrs", "1 hr". */
const DURATION = msg('{{count}} hrs');

/** English without i18next (the default of the helpers below, so their English stays as before). */
const english: Translate = (key, params = {}) =>
  key === DURATION && params.count === 1
    ? fillEnglish('{{count}} hr', params as Record<string, number>)
    : fillEnglish(key, params as Record<string, string | number>);

/**
 * A plan's price as advertised: whole dollars stay whole ("$150", not "$150.00"; German "150 $"),
 * as price tags on the public pages read; any cents still show. Money held in an account always
 * shows its cents.
 */
export const priceTag = (amount: string, locale: Locale = DEFAULT_LOCALE): string =>
  formatMoneyIn(locale, amount, { minDecimals: 0 });

/** Deposit range of a plan, e.g. "$150 – $4,999", or "$30,000+" when open-ended (exact decimals). */
export function formatPlanRange(minAmount: string, maxAmount: string | null, locale: Locale = DEFAULT_LOCALE): string {
  if (maxAmount === null) return `${priceTag(minAmount, locale)}+`;
  return `${priceTag(minAmount, locale)} \u2013 ${priceTag(maxAmount, locale)}`;
}

/**
 * Profit line of a plan, e.g. "10% profit" from "10.00" (decimal string, no float maths), in the
 * language of `t` with that language's decimal comma ("12,5 % Gewinn"); English by default.
 */
export function formatPlanProfit(
  profitPercent: string,
  t: Translate = english,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const plain = formatMoney(profitPercent, { prefix: '', minDecimals: 0 });
  const { decimal, group } = numberSeparators(locale);
  const percent = plain.replace(/[.,]/g, (c) => (c === '.' ? decimal : group));
  return t(PROFIT, { percent });
}

/** Plan duration, e.g. "24 hrs" (SPEC §3: each plan lasts 24 hrs), in the language of `t`; English by default. */
export function formatPlanDuration(hours: number, t: Translate = english): string {
  return t(DURATION, { count: hours });
}

/** The plan formats above in the page's language, for components. */
export function usePlanFormat() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return useMemo(() => {
    const translate: Translate = (key, params) => t(key, params);
    return {
      priceTag: (amount: string) => priceTag(amount, locale),
      range: (minAmount: string, maxAmount: string | null) => formatPlanRange(minAmount, maxAmount, locale),
      profit: (profitPercent: string) => formatPlanProfit(profitPercent, translate, locale),
      duration: (hours: number) => formatPlanDuration(hours, translate),
    };
  }, [t, locale]);
}
