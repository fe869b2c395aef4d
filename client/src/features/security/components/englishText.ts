import { fillEnglish, type Translate } from '@cryptovest/common';

/**
 * The catalogue's English without i18next, for pure helpers called without a translator (their
 * English default, which tests assert): the key itself with its placeholders filled.
 */
export const englishText: Translate = (key, params) =>
  fillEnglish(key, (params ?? {}) as Record<string, string | number>);
