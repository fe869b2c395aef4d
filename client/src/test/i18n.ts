import { CATALOGUES, type Locale } from '@cryptovest/common';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../app/i18n/createI18n';

/**
 * An i18next instance for a component test: every catalogue of `locale` already in memory (no
 * suspending), the other languages loaded from the same catalogues when a test switches.
 */
export function testI18n(locale: Locale = 'en'): I18n {
  return createI18n({ locale, resources: CATALOGUES[locale] }, (lng, ns) => Promise.resolve(CATALOGUES[lng][ns]));
}
