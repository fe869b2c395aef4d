import { isLocale, msg, type Locale } from '@cryptovest/common';
import { useEffect } from 'react';
import { pageClientIfCreated } from '../session/pageClient';
import { getToken } from '../session/session';
import { useLanguage } from './language';

/** Said when the account could not store the choice: the page keeps it, the mails do not follow it yet. */
export const LANGUAGE_NOT_SAVED = msg(
  'Your language could not be saved to your account: this page uses it, your e-mails stay in the previous one. Choose it again later.',
);

/**
 * Stores a signed-in reader's language choice on their account (REST `PUT /api/user`, so a
 * public page need not load the GraphQL client), and drops the cached `me` so the app reads the
 * new choice. Without a session it does nothing: the cookie keeps a visitor's choice. When the
 * account refuses or cannot be reached, `onNotSaved` gets LANGUAGE_NOT_SAVED to show: otherwise
 * the reader would believe their mails follow the new language.
 */
export async function saveAccountLanguage(locale: Locale, onNotSaved: (message: string) => void): Promise<void> {
  const token = getToken();
  if (!token) return;
  const answer = await fetch('/api/user', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ locale }),
  }).catch(() => null);
  if (!answer?.ok) {
    onNotSaved(LANGUAGE_NOT_SAVED);
    return;
  }
  const client = pageClientIfCreated();
  client?.cache.evict({ id: 'ROOT_QUERY', fieldName: 'me' });
}

/**
 * Opens the signed-in app in the account's language (the choice made on another device, or
 * before this browser had one): when `accountLocale` differs from the page's, the page switches.
 */
export function useFollowAccountLanguage(accountLocale: string | null | undefined): void {
  const { locale, setLocale } = useLanguage();
  useEffect(() => {
    if (isLocale(accountLocale) && accountLocale !== locale) void setLocale(accountLocale);
    // Only a change of the account's language moves the page (not the page's own switch).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountLocale]);
}
