import { EMPTY_VALUE, fillEnglish, formatMoney, type Translate } from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor, useFormat, type Formats } from '../../../app/i18n/useFormat';
import { formatDate } from '../../../components/transactionCells';

/**
 * The `_one` form of the plural keys the dashboard's pure wording helpers use, as the English
 * catalogue has it (wording.test.ts checks they agree): English without i18next needs them.
 */
const ENGLISH_ONE: Readonly<Record<string, string>> = {
  '{{count}} confirmations': '{{count}} confirmation',
  '{{confirmations}} of {{count}} confirmations': '{{confirmations}} of {{count}} confirmation',
  'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hours later.':
    'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hour later.',
  'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hours later, and we e-mail you about every change.':
    'For your safety, an address added or changed after your first deposit can receive withdrawals only {{count}} hour later, and we e-mail you about every change.',
};

/**
 * The dashboard's English without i18next (the key is the text, `count` of 1 picks the singular):
 * the default of the pure wording helpers, so they read as the specification words them anywhere.
 */
export const englishText: Translate = (key, params = {}) =>
  fillEnglish(params.count === 1 ? (ENGLISH_ONE[key] ?? key) : key, params as Record<string, string | number>);

/** The English plural keys `englishText` knows (for its test). */
export const ENGLISH_PLURAL_KEYS = Object.keys(ENGLISH_ONE);

/** What the dashboard's wording helpers need: words and the reader's formats. */
export interface Wording extends Formats {
  /** The `dashboard` namespace's translate function (falls back to `common`). */
  t: Translate;
  /** Money to the cent ("$1,234.50" / "1.234,50 $"), as balances and limits are shown. */
  dollars: (value: string | number | null | undefined) => string;
  /** A moment ("22 Nov 2026, 04:53" in English, "22.11.2026, 04:53" in German) in the reader's time zone, or the em dash. */
  stamp: (iso: string) => string;
  /** A percentage's number, without its sign ("10", "1.5" / "1,5"), to at most `maxDecimals` decimals. */
  percent: (value: string, options?: { maxDecimals?: number; minDecimals?: number }) => string;
}

/** The wording of one language from its translate function and formats. */
export function wordingOf(t: Translate, formats: Formats): Wording {
  const english = formats.locale === 'en';
  return {
    ...formats,
    t,
    dollars: (value) => formats.money(value, { maxDecimals: 2 }),
    stamp: (iso) => formatDate(iso, formats.locale),
    percent: (value, { maxDecimals = 5, minDecimals = 0 } = {}) => {
      if (english) return formatMoney(value, { prefix: '', maxDecimals, minDecimals });
      const n = Number(value);
      return Number.isFinite(n)
        ? formats.number(n, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals })
        : EMPTY_VALUE;
    },
  };
}

/** English as the specification words it: the default of the pure wording helpers (and their tests). */
export const ENGLISH: Wording = wordingOf(englishText, formatsFor('en'));

/** The reader's wording: the `dashboard` catalogue and formats in the page's language. */
export function useWording(): Wording {
  const { t } = useTranslation('dashboard');
  const formats = useFormat();
  return useMemo(() => wordingOf((key, params) => t(key, params), formats), [t, formats]);
}
