import { testI18n } from './i18n';

/*
 * The English catalogues as react-i18next's default instance, for tests that render a component
 * without renderWithProviders (plurals and {{values}} then still read as the app shows them).
 */
testI18n('en');
