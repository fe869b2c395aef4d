import { msg } from '@cryptovest/common';

/**
 * Why a signed-in session stopped working, as the login page says it (issue 38). The server's
 * UNAUTHENTICATED answer carries `reason` SESSION_EXPIRED, SESSION_REVOKED or PASSWORD_CHANGED;
 * the URL carries the short form (`/login?reason=revoked&next=/dashboard/wallet`).
 */
export type SessionEndReason = 'expired' | 'revoked' | 'password_changed';

/** What the login page says for each reason (catalogue keys, shown with `t`). */
export const SESSION_END_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  expired: msg('Your session expired. Sign in again.'),
  revoked: msg('You were signed out from another device.'),
  password_changed: msg('Your password was changed. Sign in with the new password.'),
};

/** The server's reason codes, by the URL's short form. */
const FROM_SERVER: Readonly<Record<string, SessionEndReason>> = {
  SESSION_EXPIRED: 'expired',
  SESSION_REVOKED: 'revoked',
  PASSWORD_CHANGED: 'password_changed',
};

/** The reason of a refusal's `extensions.reason`; a refusal without one (a malformed or foreign token) reads as expired. */
export function endReasonFromServer(code: unknown): SessionEndReason {
  return typeof code === 'string' && Object.hasOwn(FROM_SERVER, code) ? FROM_SERVER[code] : 'expired';
}

/** The reason named in a URL's `reason` parameter, or null when absent or unknown. */
export function endReasonFromUrl(value: string | null): SessionEndReason | null {
  return value && Object.hasOwn(SESSION_END_MESSAGES, value) ? (value as SessionEndReason) : null;
}

/** Where a sign-in should never return to: the sign-in pages themselves. */
const NOT_A_DESTINATION = /^\/(login|register|verify-email|reset-password)(\/|$)/;

/**
 * The origin relative paths are resolved against. Any fixed origin will do: a path that starts
 * with one `/` (and no `\\`) always stays on it. Fixed, so the server renderer, which has no
 * `window`, can read `next` too.
 */
const PARSE_ORIGIN = 'https://app.invalid';

/**
 * The in-app path `next` names, or null: only a same-origin relative path is accepted (`/x`,
 * never `//evil.com`, `/\evil.com`, `https://…` or `javascript:`), so the return-to parameter
 * cannot send a user to another site after they type their password.
 */
export function safeNextPath(next: string | null | undefined, origin = PARSE_ORIGIN): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // Control characters and whitespace are stripped by URL parsers: reject rather than guess.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_DESTINATION.test(url.pathname) ? null : path;
}

/**
 * The sign-in page for a session that ended for `reason` while the user was at `here`: the
 * reason to say, and `next` to come back to (left out for the home page and the sign-in pages).
 */
export function loginPathAfterSessionEnd(
  reason: SessionEndReason,
  here: { pathname: string; search?: string; hash?: string },
): string {
  const params = new URLSearchParams({ reason });
  const current = `${here.pathname}${here.search ?? ''}${here.hash ?? ''}`;
  if (here.pathname !== '/' && safeNextPath(current)) params.set('next', current);
  return `/login?${params.toString()}`;
}
