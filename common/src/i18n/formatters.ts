import type { i18n as I18n } from 'i18next';
import { formatMoneyIn } from './money-format';
import { isLocale, DEFAULT_LOCALE } from './locales';

/**
 * Adds the catalogue's own value formats to an i18next instance (client or server): `dollars`
 * writes a decimal amount as the language writes money, to the cent ("{{min, dollars}}" ->
 * "$10.00" / "10,00 $"). Dates and numbers use i18next's built-in Intl formats.
 */
export function addCatalogueFormats(i18n: I18n): void {
  i18n.services.formatter?.add('dollars', (value: unknown, lng: string | undefined) =>
    formatMoneyIn(isLocale(lng) ? lng : DEFAULT_LOCALE, value as string, { maxDecimals: 2 }),
  );
}
