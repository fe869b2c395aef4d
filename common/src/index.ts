/** Public surface of the shared package: constants, messages, money helpers, validation. */
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
