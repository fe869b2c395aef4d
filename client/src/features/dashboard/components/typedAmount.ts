import { parseAmountIn, type Locale } from '@cryptovest/common';

/** Stands for an amount the reader's language can't read: no amount rule accepts it. */
export const UNREADABLE_AMOUNT = 'unreadable';

/**
 * A dollar amount as typed in the reader's language, as the plain decimal the shared schemas and
 * the API read ("1.457,40" or "40,50" in German -> "1457.40", "40.50"). English is handed on as
 * typed (the schemas read it as they always have); empty stays empty (the "enter an amount"
 * message); anything the language can't read becomes UNREADABLE_AMOUNT, so the "not a number"
 * message shows rather than a guess ("40.50" typed in German is refused, not read as 4050).
 */
export function readTypedAmount(locale: Locale, typed: string): string {
  if (locale === 'en') return typed;
  const text = typed.trim();
  if (!text) return text;
  return parseAmountIn(locale, text) ?? UNREADABLE_AMOUNT;
}
