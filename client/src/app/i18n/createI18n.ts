import {
  addCatalogueFormats,
  I18N_OPTIONS,
  LOCALES,
  type Catalogue,
  type Locale,
  type Namespace,
} from '@cryptovest/common';
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { I18nState } from './i18nState';

/** Loads one catalogue of one language (the browser: a chunk; tests and SSR: already in memory). */
export type CatalogueLoader = (locale: Locale, namespace: Namespace) => Promise<Catalogue>;

/**
 * The i18next instance of one page: it starts with the catalogues the page was rendered with
 * (ready at once, so hydration matches the server's HTML) and loads any other namespace or
 * language on first use; a component whose words are not there yet suspends until they are.
 */
export function createI18n(state: I18nState, load: CatalogueLoader): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(resourcesToBackend((lng: string, ns: string) => load(lng as Locale, ns as Namespace)))
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: state.locale,
      supportedLngs: [...LOCALES],
      ns: [...new Set(['common', ...Object.keys(state.resources)])],
      resources: { [state.locale]: state.resources },
      partialBundledLanguages: true,
      // English is the key itself: no fallback catalogue is loaded for a translated page.
      fallbackLng: false,
      initAsync: false,
      react: { useSuspense: true, bindI18nStore: 'added' },
    });
  addCatalogueFormats(instance);
  return instance;
}
