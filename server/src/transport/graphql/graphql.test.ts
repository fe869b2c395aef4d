import { startTestApp, TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GraphQL over HTTP', () => {
  it('lists the four plans of the spec with exact decimal strings', async () => {
    const res = await t.gql('{ plans { name minAmount maxAmount profitPercent durationHours } }');
    expect(res.status).toBe(200);
    expect(res.body.data.plans).toEqual([
      { name: 'Starter', minAmount: '150.00', maxAmount: '4999.00', profitPercent: '10.00', durationHours: 24 },
      { name: 'Premium', minAmount: '5000.00', maxAmount: '10000.00', profitPercent: '25.00', durationHours: 24 },
      { name: 'Gold', minAmount: '10000.00', maxAmount: '30000.00', profitPercent: '50.00', durationHours: 24 },
      { name: 'Platinum', minAmount: '30000.00', maxAmount: null, profitPercent: '65.00', durationHours: 24 },
    ]);
  });

  it('serves deposit wallets for TW by default and none for an unknown exchange', async () => {
    const tw = await t.gql('{ wallets { name address exchange } }');
    expect(tw.body.data.wallets.map((w: { name: string }) => w.name)).toEqual([
      'bitcoin',
      'ethereum',
      'usdt',
      'bnb',
      'litecoin',
    ]);
    expect(tw.body.data.wallets.every((w: { exchange: string }) => w.exchange === 'TW')).toBe(true);
    const none = await t.gql('query($e: String!) { wallets(exchange: $e) { name } }', { e: 'NOPE' });
    expect(none.status).toBe(200);
    expect(none.body.data.wallets).toEqual([]);
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 31 }, (_, i) => `p${i}: plans { name }`).join(' ');
    const res = await t.gql(`{ ${fields} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/alias/i);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, never 500', async () => {
    const bad = await t.http.post('/graphql').set('content-type', 'application/json').send('{"query": ');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('Malformed JSON in request body');
    const big = await t.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ plans { name } }', padding: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(big.body.errors[0].message).toBe('Request body is too large');
  });

  it('answers a syntax error and an unknown field with 400, not 500', async () => {
    expect((await t.gql('{ plans { ')).status).toBe(400);
    const unknown = await t.gql('{ nope }');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('rejects a forged token with 401 even on a public field', async () => {
    const res = await t.gql('{ plans { name } }', {}, 'not-a-jwt');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('returns the caller from a valid token', async () => {
    const { user, token } = await t.createUser();
    const res = await t.gql('{ me { id email type } }', {}, token);
    expect(res.body.data.me).toEqual({ id: user.id, email: user.email, type: 'INVESTOR' });
  });
});
