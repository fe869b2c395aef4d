/** Shown wherever a value is empty or not a number (the original showed NaN; DESIGN §6). */
export const EMPTY_VALUE = '\u2014';

/** A plain decimal: optional minus, digits, optional fraction (what the API's Money scalar sends). */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Adds one to a string of digits ("199" -> "200"), for rounding without floats. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * Formats a decimal string (or number) as the spec's read-only currency display:
 * prefix `$`, thousands separators, at most `maxDecimals` decimals (default 5, rounded half up),
 * trailing zeros dropped down to `minDecimals` (default 2, so dollars always show their cents:
 * "$123.40", never "$123.4"; sub-cent amounts keep their digits: "$0.12345"). Pure string
 * arithmetic: exact for any length, and no decimal library in the browser bundle of the public pages.
 */
export function formatMoney(
  value: string | number | null | undefined,
  {
    prefix = '$',
    maxDecimals = 5,
    minDecimals = 2,
  }: { prefix?: string; maxDecimals?: number; minDecimals?: number } = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'number' && !Number.isFinite(value)) return EMPTY_VALUE;
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return EMPTY_VALUE;
  const [, sign, rawWhole, rawFrac = ''] = match;
  let whole = rawWhole.replace(/^0+(?=\d)/, '');
  let frac = rawFrac;
  if (frac.length > maxDecimals) {
    const roundUp = frac.charCodeAt(maxDecimals) >= 53; // '5'
    frac = frac.slice(0, maxDecimals);
    if (roundUp) {
      const bumped = incrementDigits(whole + frac);
      whole = bumped.slice(0, bumped.length - frac.length) || '0';
      frac = bumped.slice(bumped.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, '');
  if (frac.length < Math.min(minDecimals, maxDecimals)) frac = frac.padEnd(Math.min(minDecimals, maxDecimals), '0');
  const negative = sign === '-' && /[1-9]/.test(whole + frac);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${prefix}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A JS number as plain decimal text (no exponent), e.g. 1e-7 -> "0.0000001". */
function numberToPlain(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * Money held to cents ("$1,234.50", "$10.00"): the currency display with two fixed decimals, as
 * limits are worded in messages. Empty or unreadable values give the em dash.
 */
export function formatDollars(value: string | number | null | undefined): string {
  return formatMoney(value, { maxDecimals: 2 });
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
