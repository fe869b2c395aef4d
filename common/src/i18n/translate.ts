import i18next, { type i18n as I18n } from 'i18next';
import { ANSWER_READERS } from './answer-templates';
import { CATALOGUES } from './catalogues';
import { addCatalogueFormats } from './formatters';
import { LOCALES, type Locale } from './locales';
import { localizeMessage, type Translate } from './message-templates';
import { I18N_OPTIONS, NAMESPACES, type Namespace } from './namespaces';

/** An i18next instance holding every catalogue, ready at once (no loading): one per process. */
function createCatalogueInstance(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    resources: CATALOGUES,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    initAsync: false,
  });
  addCatalogueFormats(instance);
  return instance;
}

let shared: I18n | null = null;

/** The process's i18next instance with every catalogue (server mails and errors, SSR, tests). */
export function catalogueInstance(): I18n {
  shared ??= createCatalogueInstance();
  return shared;
}

/**
 * The translate function of one language and namespace (keys missing there are looked up in
 * `common`, then in English): for the server's mails, notifications and error answers.
 */
export function translatorFor(locale: Locale, namespace: Namespace = 'common'): Translate {
  const t = catalogueInstance().getFixedT(locale, namespace);
  return (key, params) => String(t(key, params as never));
}

/** A message (an API error, a validation message) in `locale`, from the `errors` catalogue or `common`; see `localizeMessage`. */
export function localizedMessage(locale: Locale, english: string): string {
  return localizeMessage(translatorFor(locale, 'errors'), english, ANSWER_READERS);
}
