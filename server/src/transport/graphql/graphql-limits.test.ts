import { gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';

// Cheap denial of service through GraphQL (issue 10): a few gzip bytes that unpack to thousands
// of fields must be refused while lexing, and guests have a per-IP request budget.

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp(
    { TRUST_PROXY: 'true', RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '5', GRAPHQL_INTROSPECTION: 'false' },
    { clock },
  );
});
afterAll(() => t.close());

// graphql-js words it "more that".
const TOO_MANY = /Document contains more th[ae]t? 2000 tokens\. Parsing aborted\./;

describe('GraphQL documents are limited before parsing', () => {
  it('refuses 262 gzip bytes that unpack to ~11,000 fields with the lexer, not the cost rule', async () => {
    const huge = `{ ${'plans { name } '.repeat(2750)}}`; // ~11,000 tokens
    const body = gzipSync(JSON.stringify({ query: huge }));
    expect(body.length).toBeLessThan(400);
    const res = await t.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .set('x-forwarded-for', '198.51.100.200')
      .serialize((b: Buffer) => b as unknown as string) // the gzip bytes as they are, not JSON-encoded again
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(TOO_MANY);
  });

  it('still runs an ordinary document', async () => {
    const res = await t.http
      .post('/graphql')
      .set('x-forwarded-for', '198.51.100.201')
      .send({ query: '{ plans { name } }' });
    expect(res.status).toBe(200);
    expect(res.body.data.plans).toHaveLength(4);
  });

  it('gives no "Did you mean" hints when introspection is off', async () => {
    const res = await t.http
      .post('/graphql')
      .set('x-forwarded-for', '198.51.100.202')
      .send({ query: '{ plan { name } }' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/Did you mean|plans/);
  });
});

describe('depth', () => {
  // Only introspection reaches past depth 15 in this schema; with introspection off (production)
  // such a document is refused by the depth rule too (with it on, standard tools' depth-21 query
  // passes: schema-url.test.ts).
  it('refuses a too-deep query with a 4xx and a clear message', async () => {
    const ofTypes = 'ofType { '.repeat(20) + 'name' + ' }'.repeat(20);
    // An address of its own: the guest budget below is per IP.
    const res = await t
      .gql(`{ __schema { types { fields { type { ${ofTypes} } } } } }`)
      .set('x-forwarded-for', '203.0.113.70');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/depth limit of 15/i);
  });
});

describe('guests have a per-IP GraphQL budget', () => {
  const guest = (ip: string) =>
    t.http.post('/graphql').set('x-forwarded-for', ip).send({ query: '{ site { brandName } }' });

  it('answers 429 after the budget, leaves other IPs and signed-in callers alone, and refills with time', async () => {
    for (let i = 0; i < 5; i++) expect((await guest('203.0.113.80')).status).toBe(200);
    const refused = await guest('203.0.113.80');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await guest('203.0.113.81')).status).toBe(200);

    const { token } = await t.createUser();
    const signedIn = await t.http
      .post('/graphql')
      .set('x-forwarded-for', '203.0.113.80')
      .set('authorization', `Bearer ${token}`)
      .send({ query: '{ me { id } }' });
    expect(signedIn.status).toBe(200);

    clock.advanceSeconds(61);
    expect((await guest('203.0.113.80')).status).toBe(200);
  });
});

describe('a limit a resolver reaches answers like REST: 429 with Retry-After (issue 36)', () => {
  it('the login mutation, refused after too many wrong passwords, says 429 and when to retry', async () => {
    const limited = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_FAILURES: '2' });
    try {
      const { user } = await limited.createUser();
      const login = (password: string) =>
        limited.http
          .post('/graphql')
          .set('x-forwarded-for', '203.0.113.90')
          .send({ query: `mutation { login(email: "${user.email}", password: "${password}") { token } }` });
      for (let i = 0; i < 2; i++)
        expect((await login('wrong-password')).body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS');
      const refused = await login('wrong-password');
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(refused.body.errors[0].extensions.retryAfterSeconds);
    } finally {
      await limited.close();
    }
  });
});
