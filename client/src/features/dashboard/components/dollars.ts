/** True when a Money string is above zero (e.g. a signup bonus still locked). */
export function isPositiveMoney(value: string | null | undefined): boolean {
  return !!value && !value.trim().startsWith('-') && /[1-9]/.test(value);
}
