import { isAuthenticatorCode, isRecoveryCode, normalizeCode } from './codes';

describe('second-factor codes', () => {
  it('accepts six digits, with spaces around or inside', () => {
    expect(isAuthenticatorCode('123456')).toBe(true);
    expect(isAuthenticatorCode(' 123 456 ')).toBe(true);
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(isAuthenticatorCode('12345')).toBe(false);
    expect(isAuthenticatorCode('1234567')).toBe(false);
    expect(isAuthenticatorCode('12345a')).toBe(false);
  });

  it('recognises recovery codes with or without dashes, in any case', () => {
    expect(isRecoveryCode('k7wq-3mzp-x9ta')).toBe(true);
    expect(isRecoveryCode('K7WQ 3MZP X9TA')).toBe(true);
    expect(isRecoveryCode('k7wq3mzpx9ta')).toBe(true);
    expect(isRecoveryCode('k7wq-3mzp')).toBe(false);
    expect(normalizeCode(' k7wq-3mzp-x9ta ')).toBe('k7wq-3mzp-x9ta');
  });
});
