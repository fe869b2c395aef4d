import { formatMoney, formatMoneyIn, type Locale } from '@cryptovest/common';

/**
 * Dollars as a statement prints them: at least 2 decimals, up to 5 where the ledger holds sub-cent
 * amounts ("1234.50", "0.12345"), exact (string arithmetic, common's formatMoney). `csv` gives a
 * plain number a spreadsheet reads ("-1234.50") in every language; otherwise money as `locale`
 * writes it ("$1,234.50", German "1.234,50 $", Spanish "1234,50 US$"). `signed` shows "+" on gains.
 */
export function moneyText(
  value: string,
  { csv = false, signed = false, locale = 'en' }: { csv?: boolean; signed?: boolean; locale?: Locale } = {},
): string {
  const text = csv ? formatMoney(value, { prefix: '' }).replace(/,/g, '') : formatMoneyIn(locale, value);
  return signed && !/^[-\u2212]/.test(text) && /[1-9]/.test(text) ? `+${text}` : text;
}
