import { formatMoney } from '@cryptovest/common';

/**
 * Dollars as a statement prints them: at least 2 decimals, up to 5 where the ledger holds sub-cent
 * amounts ("1234.50", "0.12345"), exact (string arithmetic, common's formatMoney). `csv` gives a
 * plain number a spreadsheet reads ("-1234.50"); otherwise "$1,234.50". `signed` shows "+" on gains.
 */
export function moneyText(value: string, { csv = false, signed = false } = {}): string {
  const text = csv ? formatMoney(value, { prefix: '' }).replace(/,/g, '') : formatMoney(value);
  return signed && !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
}
