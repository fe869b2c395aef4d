import type { ApiKeyPartsFragment } from '../../../generated/graphql';

/** Whether a key still works. */
export type ApiKeyState = 'active' | 'revoked' | 'expired';

/** A key's state at `now`: revoked wins over expired. */
export function apiKeyState(key: Pick<ApiKeyPartsFragment, 'revokedAt' | 'expiresAt'>, now = Date.now()): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

/** `YYYY-MM-DD` of the day after `now` in local time: the earliest expiry the date field offers. */
export function tomorrow(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

/** The end (23:59:59.999 local time) of a `YYYY-MM-DD` day as ISO text, or null for no expiry. */
export function endOfDay(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}
