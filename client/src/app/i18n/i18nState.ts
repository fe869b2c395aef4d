import { DEFAULT_LOCALE, isLocale, type Catalogue, type Locale, type Namespace } from '@cryptovest/common';
import { readInlinedJson } from '../ssr/inlinedJson';

/** Id of the JSON <script> with the page's language and the catalogues its render used. */
export const I18N_STATE_ELEMENT_ID = 'i18n-state';

/** A page's language and the catalogues (of that language) it was rendered with. */
export interface I18nState {
  locale: Locale;
  resources: Partial<Record<Namespace, Catalogue>>;
}

/**
 * The language and catalogues the server inlined in the page, so the browser renders (and
 * hydrates) in that language at once, never in English first; the default language with no
 * catalogue when absent (Vite dev server): they are then loaded before the first render.
 */
export function readInlinedI18nState(doc?: Document): I18nState {
  const inlined = readInlinedJson(I18N_STATE_ELEMENT_ID, doc) as Partial<I18nState> | undefined;
  const fromHtml = doc?.documentElement.lang ?? globalThis.document?.documentElement.lang;
  const locale = isLocale(inlined?.locale) ? inlined.locale : isLocale(fromHtml) ? fromHtml : DEFAULT_LOCALE;
  const resources = inlined?.resources && typeof inlined.resources === 'object' ? inlined.resources : {};
  return { locale, resources };
}
