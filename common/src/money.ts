import Decimal from 'decimal.js';

/** Shown wherever a value is empty or not a number (the original showed NaN; DESIGN §6). */
export const EMPTY_VALUE = '\u2014';

/**
 * Formats a decimal string (or number) as the spec's read-only currency display:
 * prefix `$`, thousands separators, at most `maxDecimals` decimals (default 5), no float maths.
 */
export function formatMoney(
  value: string | number | null | undefined,
  { prefix = '$', maxDecimals = 5 }: { prefix?: string; maxDecimals?: number } = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return EMPTY_VALUE;
  }
  if (!d.isFinite()) return EMPTY_VALUE;
  const negative = d.isNegative() && !d.isZero();
  const fixed = d.abs().toDecimalPlaces(maxDecimals, Decimal.ROUND_HALF_UP).toFixed();
  const [whole, frac] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${prefix}${grouped}${frac ? `.${frac}` : ''}`;
}

/** Strips `$` and thousands separators typed into money fields (SPEC §5 admin account edit). */
export function unformatMoney(text: string): string {
  return text.replace(/[$,\s]/g, '');
}

/** True when `text` is a non-negative decimal with at most `decimals` fraction digits. */
export function isMoneyText(text: string, decimals: number): boolean {
  const frac = decimals > 0 ? `(\\.\\d{1,${decimals}})?` : '';
  return new RegExp(`^\\d+${frac}$`).test(text);
}
