import { apiKeyState, endOfDay, tomorrow } from './apiKeyState';

describe('API key state and expiry dates', () => {
  const now = new Date(2026, 0, 31, 15, 0).getTime();

  it('is revoked, expired or active', () => {
    expect(apiKeyState({ revokedAt: '2026-01-01T00:00:00Z', expiresAt: null }, now)).toBe('revoked');
    expect(apiKeyState({ revokedAt: null, expiresAt: new Date(now - 1).toISOString() }, now)).toBe('expired');
    expect(apiKeyState({ revokedAt: null, expiresAt: new Date(now + 1).toISOString() }, now)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
  });

  it('offers tomorrow as the earliest expiry and sends the end of the chosen day', () => {
    expect(tomorrow(new Date(now))).toBe('2026-02-01');
    expect(new Date(endOfDay('2026-02-01')!).getTime()).toBe(new Date(2026, 1, 1, 23, 59, 59, 999).getTime());
    expect(endOfDay('')).toBeNull();
  });
});
