import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The e2e server's clock (ms) after moving it `advanceSeconds` forward (0: just read it). Specs run
 * against one server whose test clock earlier specs move on (a plan's term, a 2FA step), so "now"
 * and "today" are the server's, never this machine's.
 */
export async function serverNow(request: APIRequestContext, advanceSeconds = 0): Promise<number> {
  const res = await request.post('/api/test/clock', { data: { advanceSeconds } });
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { data: { now: string } }).data.now).getTime();
}
