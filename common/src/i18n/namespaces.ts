/**
 * The message catalogues' namespaces: one JSON file per language and namespace under
 * `catalogues/<locale>/<namespace>.json`, so the browser loads only what a page uses. `common`
 * holds what every area shares (layout, validation messages, toasts); `mail` is the server's
 * mails and notifications, `errors` the API's error answers (`localizedMessage`), `countries` the
 * country names (fixed text, not the engine's Intl: Node's and the browser's ICU name some
 * countries differently, which broke hydration of the sign-up page), `statements` the investors'
 * statements the server renders (CSV and PDF: titles, column headers, ledger words).
 */
export const NAMESPACES = [
  'common',
  'public',
  'auth',
  'dashboard',
  'admin',
  'security',
  'mail',
  'errors',
  'countries',
  'statements',
] as const;

/** A catalogue namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** One catalogue: English source text (the key) -> the text in one language. */
export type Catalogue = Readonly<Record<string, string>>;

/**
 * The i18next settings the client, the server-rendered pages and the server share. Keys are the
 * English text itself (as the specification words it, gettext style), so `:` and `.` inside a
 * sentence are not separators; a key missing in a namespace is looked up in `common`, then in
 * English. Values are not HTML-escaped here: React escapes what it renders, and the mail
 * templates escape their own HTML.
 */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  defaultNS: 'common',
  fallbackNS: 'common',
  nsSeparator: false,
  keySeparator: false,
  returnNull: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  // No sponsor notice in the console (of every test, every server start and every browser).
  showSupportNotice: false,
} as const;
