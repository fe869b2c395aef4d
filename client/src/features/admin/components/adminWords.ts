import { fillEnglish, type Translate } from '@cryptovest/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor, useFormat, type Formats } from '../../../app/i18n/useFormat';
import { formatDate } from '../../../components/transactionCells';

/**
 * The `_one` form of the plural keys the admin's pure helpers use, as the English catalogue has
 * it (adminWords.test.ts checks they agree): English without i18next needs them.
 */
const ENGLISH_ONE: Readonly<Record<string, string>> = {
  '{{count}} confirmations': '{{count}} confirmation',
  '{{confirmations}} of {{count}} confirmations': '{{confirmations}} of {{count}} confirmation',
};

/** The English plural keys `englishText` knows (for its test). */
export const ENGLISH_PLURAL_KEYS = Object.keys(ENGLISH_ONE);

/**
 * The admin catalogue's English without i18next (the key is the text, a `count` of 1 picks the
 * singular): the default of the pure helpers (statusEffect, chainResultText…), which tests assert.
 */
export const englishText: Translate = (key, params = {}) =>
  fillEnglish(params.count === 1 ? (ENGLISH_ONE[key] ?? key) : key, params as Record<string, string | number>);

/** What the admin's components and helpers need to say things: words and the reader's formats. */
export interface AdminWords extends Formats {
  /** The `admin` namespace's translate function (falls back to `common`, then the English key). */
  t: Translate;
  /** Money to the cent ("$1,234.50" / "1.234,50 $"), as the overview's figures are shown. */
  dollars: (value: string | number | null | undefined) => string;
  /** A moment ("22 Nov 2026, 04:53" in English, "22.11.2026, 04:53" in German), or the em dash. */
  stamp: (iso: string) => string;
}

/** The words of one language from its translate function and formats. */
export function adminWordsOf(t: Translate, formats: Formats): AdminWords {
  return {
    ...formats,
    t,
    dollars: (value) => formats.money(value, { maxDecimals: 2 }),
    stamp: (iso) => formatDate(iso, formats.locale),
  };
}

/** English as the specification words it: the default of the pure helpers (and their tests). */
export const ENGLISH: AdminWords = adminWordsOf(englishText, formatsFor('en'));

/** The reader's words: the `admin` catalogue and formats in the page's language. */
export function useAdminWords(): AdminWords {
  const { t } = useTranslation('admin');
  const formats = useFormat();
  return useMemo(() => adminWordsOf((key, params) => t(key, params), formats), [t, formats]);
}
