import { startTestApp, type TestApp } from '../test/harness';

/** Issue 36: browser integrations on the origins the operator lists (CORS_ORIGINS), none by default. */
const PARTNER = 'https://app.partner.example';
let listed: TestApp;
let closed: TestApp;
let open: TestApp;
beforeAll(async () => {
  listed = await startTestApp({ CORS_ORIGINS: `${PARTNER}, https://other.partner.example:8443` });
  closed = await startTestApp();
  open = await startTestApp({ CORS_ORIGINS: '*' });
});
afterAll(async () => {
  await Promise.all([listed.close(), closed.close(), open.close()]);
});

const preflight = (t: TestApp, path: string, origin: string) =>
  t.http
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');

it("answers a listed origin's preflight and calls, exposing the rate-limit and replay headers", async () => {
  for (const path of ['/graphql', '/api/transaction/create']) {
    const res = await preflight(listed, path, PARTNER);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-headers']).toMatch(/idempotency-key/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  }
  const call = await listed.http.post('/graphql').set('Origin', PARTNER).send({ query: '{ plans { name } }' });
  expect(call.status).toBe(200);
  expect(call.headers['access-control-allow-origin']).toBe(PARTNER);
  expect(call.headers['access-control-expose-headers']).toMatch(/RateLimit-Policy/);
  expect(call.headers['access-control-expose-headers']).toMatch(/Retry-After/);
  expect(call.headers.vary).toMatch(/Origin/);
});

it('gives other origins, and every origin by default, no CORS headers', async () => {
  const stranger = await preflight(listed, '/graphql', 'https://evil.example');
  expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  const byDefault = await preflight(closed, '/graphql', PARTNER);
  expect(byDefault.headers['access-control-allow-origin']).toBeUndefined();
  const call = await closed.http.get('/api/plans').set('Origin', PARTNER);
  expect(call.headers['access-control-allow-origin']).toBeUndefined();
});

it('with *, allows any origin but never credentials, and leaves pages alone', async () => {
  const res = await preflight(open, '/api/transaction/create', 'https://anyone.example');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  const page = await open.http.get('/healthz').set('Origin', 'https://anyone.example');
  expect(page.headers['access-control-allow-origin']).toBeUndefined();
});

it('refuses a malformed CORS_ORIGINS at start, naming it', async () => {
  await expect(startTestApp({ CORS_ORIGINS: 'https://app.partner.example/path' })).rejects.toThrow(/CORS_ORIGINS/);
});
