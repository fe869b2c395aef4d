import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes a user gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** No 0/O, 1/l/I: codes are copied by hand from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random code of `groups` groups of four characters, e.g. `k7wq-3mzp-x9ta` (about 24 bits a group). */
export function randomGroupedCode(groups: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}

/** Ten fresh codes like `k7wq-3mzp-x9ta` (about 71 bits each), shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => randomGroupedCode(3));
}

/** A typed code as stored: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** True when the input looks like a recovery code rather than a 6-digit authenticator code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === 12;
}

/** The stored form: SHA-256 (codes are random and long, so a slow hash adds nothing). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
