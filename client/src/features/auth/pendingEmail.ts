/**
 * The e-mail awaiting verification (SPEC §4: "Registration stores the e-mail locally for the
 * verify screen"). Written by register and by a login refused with EMAIL_NOT_VERIFIED, read by
 * /verify-email, removed once verified.
 */
export const PENDING_EMAIL_KEY = 'verifyEmail';

/** The stored e-mail, or null (also when storage is unavailable). */
export function getPendingEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}

/** Remembers the e-mail for /verify-email. */
export function setPendingEmail(email: string): void {
  try {
    window.localStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Storage disabled: /verify-email then asks for the e-mail.
  }
}

/** Forgets the e-mail once it is verified. */
export function clearPendingEmail(): void {
  try {
    window.localStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // Nothing stored.
  }
}
