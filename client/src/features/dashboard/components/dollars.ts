import { EMPTY_VALUE, formatMoney } from '@cryptovest/common';

/**
 * Money held to cents ("$1,234.50", "$100.00"): the shared currency display with two fixed
 * decimals, so limits and the bonus read exactly as the server words them in its refusals.
 */
export function formatDollars(value: string | null | undefined): string {
  const text = formatMoney(value, { maxDecimals: 2 });
  if (text === EMPTY_VALUE) return text;
  const [whole, cents = ''] = text.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
}

/** True when a Money string is above zero (e.g. a signup bonus still locked). */
export function isPositiveMoney(value: string | null | undefined): boolean {
  return !!value && !value.trim().startsWith('-') && /[1-9]/.test(value);
}
