/** A plain decimal: optional minus, digits, optional fraction (the API's Money scalar). */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `text` as a scaled integer with `scale` fraction digits, or null when not a decimal. */
function toScaled(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, frac = ''] = match;
  const digits = BigInt(whole + frac.padEnd(scale, '0'));
  return sign === '-' ? -digits : digits;
}

/** Fraction digits of a decimal string. */
function scaleOf(text: string): number {
  return DECIMAL.exec(text.trim())?.[3]?.length ?? 0;
}

/** `a - b` for decimal strings, exact (BigInt, never floats); null when either is not a decimal. */
export function subtractDecimal(a: string, b: string): string | null {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = toScaled(a, scale);
  const y = toScaled(b, scale);
  if (x === null || y === null) return null;
  const diff = x - y;
  const negative = diff < 0n;
  const digits = (negative ? -diff : diff).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = scale ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}
