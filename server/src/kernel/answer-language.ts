import { localizedMessage, negotiateLocale, type Locale } from '@cryptovest/common';

/**
 * The language an API caller asked its answers in: the one `Accept-Language` names best, or null
 * when the request names none (integrations that never sent the header see no new field).
 */
export function askedLocale(acceptLanguage: string | string[] | null | undefined): Locale | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return header?.trim() ? negotiateLocale(header) : null;
}

/**
 * An error answer's `localizedMessage`: its English message said in the asked language (the
 * message itself, and its stable `code`, never change), or nothing when no language was asked.
 */
export function localizedFor(locale: Locale | null, message: string): { localizedMessage?: string } {
  return locale ? { localizedMessage: localizedMessage(locale, message) } : {};
}
