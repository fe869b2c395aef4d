/** Public surface of the shared package: constants, messages, money helpers, validation, languages. */
export * from './constants';
export * from './messages';
export * from './money';
export * from './validation/auth';
export * from './validation/contact';
export * from './validation/account';
export * from './site';
export * from './validation/site';
export * from './countries';
export * from './ledger-words';
export * from './i18n/locales';
export * from './i18n/money-format';
export * from './i18n/namespaces';
export * from './i18n/message-templates';
export * from './i18n/formatters';
export * from './i18n/catalogues';
export * from './i18n/translate';
