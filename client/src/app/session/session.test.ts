import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import {
  clearToken,
  dashboardPathFor,
  decodeRole,
  getToken,
  landingPathFor,
  setToken,
  subscribeToken,
} from './session';

/** UTF-8 bytes of `text` as a binary string, as a JWT encoder would see them. */
const utf8 = (text: string) =>
  encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** An unsigned JWT-shaped token with `claims` as payload (the client never verifies). */
const tokenWith = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(utf8(JSON.stringify(claims)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.sig`;

describe('session', () => {
  afterEach(() => window.localStorage.clear());

  it('stores the token under the spec key and notifies subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToken(listener);
    setToken('abc');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reads the role claim without verifying, and picks the dashboard path from it', () => {
    expect(decodeRole(tokenWith({ sub: 'u1', role: 'admin' }))).toBe('admin');
    expect(decodeRole(tokenWith({ sub: 'u1', role: 'investor', name: 'Zoë' }))).toBe('investor');
    expect(decodeRole(tokenWith({ sub: 'u1' }))).toBeNull();
    expect(decodeRole(tokenWith({ role: 'root' }))).toBeNull();
    expect(decodeRole('not-a-jwt')).toBeNull();
    expect(decodeRole('a.%%%.c')).toBeNull();
    expect(decodeRole(null)).toBeNull();
    expect(dashboardPathFor(tokenWith({ role: 'admin' }))).toBe('/admin');
    expect(dashboardPathFor(tokenWith({ role: 'investor' }))).toBe('/dashboard');
    expect(dashboardPathFor('garbage')).toBe('/dashboard');
  });

  it('lands a fresh sign-in by role, and a token without a role on /', () => {
    expect(landingPathFor(tokenWith({ sub: 'u1', role: 'admin' }))).toBe('/admin');
    expect(landingPathFor(tokenWith({ sub: 'u1', role: 'investor' }))).toBe('/dashboard');
    expect(landingPathFor(tokenWith({ sub: 'u1' }))).toBe('/');
    expect(landingPathFor('garbage')).toBe('/');
  });
});
