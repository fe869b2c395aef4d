import { isLocale, DEFAULT_LOCALE, type Locale } from '@cryptovest/common';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The cookie that keeps a visitor's chosen language (read by the server for the first byte). */
export const LANGUAGE_COOKIE = 'lang';

/** One year: the choice outlives a session. */
const COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Remembers the language for the server's next page (no-op outside a browser). */
export function rememberLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
  document.documentElement.lang = locale;
}

/** The page's language and a way to change it (loads its words, then re-renders in it). */
export function useLanguage(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const setLocale = useCallback(
    async (next: Locale) => {
      rememberLanguage(next);
      await i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { locale, setLocale };
}
