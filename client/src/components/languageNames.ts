import type { Locale } from '@cryptovest/common';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español', de: 'Deutsch' };
