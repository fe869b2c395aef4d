import {
  endReasonFromServer,
  endReasonFromUrl,
  loginPathAfterSessionEnd,
  SESSION_END_MESSAGES,
  safeNextPath,
} from './sessionEnd';

const ORIGIN = 'https://cryptovest.example';

describe('where a sign-in returns to', () => {
  it('accepts paths of this site, with their query and fragment', () => {
    expect(safeNextPath('/dashboard/wallet', ORIGIN)).toBe('/dashboard/wallet');
    expect(safeNextPath('/admin/transactions?status=PENDING#row-3', ORIGIN)).toBe(
      '/admin/transactions?status=PENDING#row-3',
    );
  });

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil.com/dashboard',
    'javascript:alert(1)',
    'evil.com',
    '/\t/evil.com',
    ' /dashboard',
    '',
  ])('refuses %j (another site, or not a path)', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeNextPath('/login?next=/dashboard', ORIGIN)).toBeNull();
    expect(safeNextPath('/register', ORIGIN)).toBeNull();
    expect(safeNextPath(null, ORIGIN)).toBeNull();
  });
});

describe('the sign-in page after a session ended', () => {
  it('carries the reason and the page to come back to', () => {
    expect(loginPathAfterSessionEnd('revoked', { pathname: '/dashboard/wallet', search: '?tab=btc' })).toBe(
      '/login?reason=revoked&next=%2Fdashboard%2Fwallet%3Ftab%3Dbtc',
    );
    expect(loginPathAfterSessionEnd('expired', { pathname: '/' })).toBe('/login?reason=expired');
    expect(loginPathAfterSessionEnd('expired', { pathname: '/login', search: '?reason=revoked' })).toBe(
      '/login?reason=expired',
    );
  });

  it("reads the server's reasons, and unknown ones as expired", () => {
    expect(endReasonFromServer('SESSION_REVOKED')).toBe('revoked');
    expect(endReasonFromServer('PASSWORD_CHANGED')).toBe('password_changed');
    expect(endReasonFromServer('SESSION_EXPIRED')).toBe('expired');
    expect(endReasonFromServer(undefined)).toBe('expired');
    expect(endReasonFromServer('toString')).toBe('expired');
    expect(endReasonFromUrl('revoked')).toBe('revoked');
    expect(endReasonFromUrl('toString')).toBeNull();
    expect(endReasonFromUrl(null)).toBeNull();
    expect(Object.keys(SESSION_END_MESSAGES).sort()).toEqual(['expired', 'password_changed', 'revoked']);
  });
});
