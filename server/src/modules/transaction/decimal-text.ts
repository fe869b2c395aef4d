/** A numeric as PostgreSQL writes it, without trailing zeros: "0.015000000000000000" -> "0.015", "2.000" -> "2". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
