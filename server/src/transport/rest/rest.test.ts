import { UserType } from '../../modules/user/user.entity';
import { startTestApp, TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('REST facade', () => {
  it('GET /api/wallets?exchange=TW answers the legacy shape', async () => {
    const res = await t.http.get('/api/wallets?exchange=TW');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const w of res.body.data) expect(Object.keys(w).sort()).toEqual(['imageUrl', 'name', 'qrCode', 'value']);
    expect(res.body.data[0]).toMatchObject({ name: 'bitcoin', value: expect.stringContaining('EXAMPLE') });
  });

  it('draws a QR code for every address without an image, the same over GraphQL and REST', async () => {
    const rest = await t.http.get('/api/wallets');
    const codes = rest.body.data.map((w: { qrCode: string }) => w.qrCode);
    expect(new Set(codes).size).toBe(codes.length); // one per address
    const svg = Buffer.from(codes[0].replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>/);
    const gql = await t.gql('{ wallets { name qrCode } }');
    expect(gql.body.data.wallets[0].qrCode).toBe(codes[0]);
  });

  it('defaults to TW and answers an unknown exchange with an empty list', async () => {
    const def = await t.http.get('/api/wallets');
    const tw = await t.http.get('/api/wallets?exchange=TW');
    expect(def.body).toEqual(tw.body);
    const unknown = await t.http.get('/api/wallets?exchange=ZZ');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ data: [] });
  });

  it('GET /api/plans lists plans with _id beside id', async () => {
    const res = await t.http.get('/api/plans');
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[3]).toMatchObject({ name: 'Platinum', maxAmount: null, minAmount: '30000.00' });
    expect(res.body.data[0]._id).toBe(res.body.data[0].id);
  });

  it('answers malformed JSON with 400 and an oversized body with 413 in the error-list shape', async () => {
    const bad = await t.http.get('/api/plans').set('content-type', 'application/json').send('{oops');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: [{ error: 'Malformed JSON in request body', code: 'BAD_REQUEST' }] });
    const big = await t.http
      .post('/api/plans')
      .set('content-type', 'application/json')
      .send({ x: 'y'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(big.body.errors[0].error).toBe('Request body is too large');
  });

  it('answers an unknown path with 404 in the error-list shape', async () => {
    const res = await t.http.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves health and readiness probes', async () => {
    expect((await t.http.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.http.get('/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('never sends a password hash in a user listing', async () => {
    const { token } = await t.createUser(UserType.ADMIN);
    const res = await t.http.get('/api/user/users').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(res.body.meta).toMatchObject({ page: 1, pageSize: 20 });
  });
});
