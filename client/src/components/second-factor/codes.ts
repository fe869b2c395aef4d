import { msg } from '@cryptovest/common';

/**
 * What a typed second-factor code looks like, checked before it is sent (the server checks it
 * again): a 6-digit authenticator code, or a recovery code like `k7wq-3mzp-x9ta`.
 */

/** Length of an authenticator app's code (RFC 6238 default). */
export const AUTHENTICATOR_CODE_LENGTH = 6;

/** The typed code as sent: trimmed; spaces inside a numeric code ("123 456") dropped. */
export function normalizeCode(raw: string): string {
  const code = raw.trim();
  return /^[\d\s]+$/.test(code) ? code.replace(/\s/g, '') : code;
}

/** True for a 6-digit authenticator code. */
export function isAuthenticatorCode(raw: string): boolean {
  return /^\d{6}$/.test(normalizeCode(raw));
}

/** True for something shaped like a recovery code: 12 letters or digits, dashes and spaces aside. */
export function isRecoveryCode(raw: string): boolean {
  return /^[a-z0-9]{12}$/i.test(raw.replace(/[\s-]/g, ''));
}

/** Shown under an authenticator code field that is not 6 digits yet (a catalogue key: shown with `t`). */
export const AUTHENTICATOR_CODE_HINT = msg('Enter the 6-digit code from your authenticator app');

/** Shown under a recovery code field (a catalogue key: shown with `t`). */
export const RECOVERY_CODE_HINT = msg('Enter one of your recovery codes, like k7wq-3mzp-x9ta');

/** Shown under a field that takes either kind of code (step-up, turning the authenticator off; a catalogue key: shown with `t`). */
export const EITHER_CODE_HINT = msg('A 6-digit code from your authenticator app, or one of your recovery codes');

/** True for an authenticator code or something shaped like a recovery code. */
export function isEitherCode(raw: string): boolean {
  return isAuthenticatorCode(raw) || isRecoveryCode(raw);
}
