import { TOKEN_STORAGE_KEY, type UserType } from '@cryptovest/common';

/**
 * The session is the bearer token in localStorage (SPEC §4). This module is the only place
 * that touches that key; React reads it through `useToken` so guards and the nav re-render
 * on sign-in, sign-out, a 401, or a change in another tab.
 */

const listeners = new Set<() => void>();

/** Notifies subscribers (useToken) that the stored token changed. */
function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored bearer token, or null (also when storage is unavailable). */
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the token returned by login / e-mail verification. */
export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } finally {
    notify();
  }
}

/** Removes the token (logout, 401). */
export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } finally {
    notify();
  }
}

/** Subscribes to token changes, including other tabs' (the `storage` event); returns unsubscribe. */
export function subscribeToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Decodes a base64url JWT segment to text (UTF-8). */
function decodeSegment(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const percentEncoded = Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return decodeURIComponent(percentEncoded.join(''));
}

/**
 * The `role` claim of a JWT ('investor' | 'admin'), read WITHOUT verifying the signature:
 * it only picks where the nav's Dashboard button points; the server checks every request.
 */
export function decodeRole(token: string | null): UserType | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeSegment(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const role = (claims as { role?: unknown }).role;
    return role === 'admin' || role === 'investor' ? role : null;
  } catch {
    return null;
  }
}

/** Home of a signed-in user (SPEC §2): /admin for admins, /dashboard for everyone else. */
export function dashboardPathFor(token: string | null): '/admin' | '/dashboard' {
  return decodeRole(token) === 'admin' ? '/admin' : '/dashboard';
}

/**
 * Where a fresh sign-in lands (SPEC §2 "After login"): admin -> /admin, investor -> /dashboard,
 * a token without a role -> /. Also where guest-only pages send a signed-in visitor.
 */
export function landingPathFor(token: string | null): '/admin' | '/dashboard' | '/' {
  return decodeRole(token) ? dashboardPathFor(token) : '/';
}
