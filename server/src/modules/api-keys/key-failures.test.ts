import { randomBytes, randomInt } from 'node:crypto';
import type { Response } from 'supertest';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { queriesOf } from '../../test/statements';
import { UserType } from '../user/user.entity';
import { KeyFailures } from './key-failures';

// Issue 33: every invalid API key cost a database lookup, with no limit. Now a key that cannot be
// one is refused without a statement, and each IP has RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE
// failed lookups; once spent, its keys answer 429 + Retry-After, again without a statement.

const BUDGET = 5;
let clock: ManualClock;
let t: TestApp;
beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp(
    // TRUST_PROXY=1: the test picks each request's client IP (the X-Forwarded-For entry its proxy adds).
    { TRUST_PROXY: '1', SERVER_TIMING: 'true', RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE: String(BUDGET) },
    { clock },
  );
});
afterAll(() => t.close());

/** A client address no other test uses (198.18.0.0/15 is reserved for benchmarks). */
const someIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A key of the right shape that nobody holds. */
const unknownKey = () => `cvk_${randomBytes(32).toString('base64url')}`;

/** A live ACCOUNT_READ key of a new investor. */
async function liveKey(): Promise<string> {
  const { token } = await t.createUser(UserType.INVESTOR);
  const res = await t.gql(
    `mutation ($input: ApiKeyInput!) { createApiKey(input: $input) { secret } }`,
    { input: { name: 'export', scopes: ['ACCOUNT_READ'] } },
    token,
  );
  return res.body.data.createApiKey.secret;
}

/** One call with `key` from `ip`, alternately over REST and GraphQL, as header or bearer token. */
function call(ip: string, key: string, i: number) {
  const header: [string, string] = i % 4 < 2 ? ['x-api-key', key] : ['authorization', `Bearer ${key}`];
  return i % 2 === 0
    ? t.http
        .get('/api/account')
        .set('x-forwarded-for', ip)
        .set(...header)
    : t.http
        .post('/graphql')
        .set('x-forwarded-for', ip)
        .set(...header)
        .send({ query: '{ account { id } }' });
}

const statements = (res: Response) => queriesOf(res.headers['server-timing']);

/** The answer's error code, REST or GraphQL. */
const codeOf = (res: Response) => res.body.errors?.[0]?.code ?? res.body.errors?.[0]?.extensions?.code;

describe('failed API-key lookups are budgeted per IP', () => {
  it('answers 429 + Retry-After after the budget, with no database statement, on REST and GraphQL', async () => {
    const attacker = someIp();
    const valid = await liveKey();
    const tried: Response[] = [];
    for (let i = 0; i < BUDGET; i++) tried.push(await call(attacker, unknownKey(), i));
    expect(tried.map((r) => r.status)).toEqual(Array(BUDGET).fill(401));
    expect(tried.map(statements)).toEqual(Array(BUDGET).fill(1)); // the lookup itself

    const refused: Response[] = [];
    for (let i = 0; i < 8; i++) refused.push(await call(attacker, i < 7 ? unknownKey() : valid, i));
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(codeOf(res)).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(statements(res)).toBe(0);
    }

    // A valid key from another IP still works.
    const elsewhere = someIp();
    for (let i = 0; i < 2; i++) {
      const res = await call(elsewhere, valid, i);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
    }

    // The window ends: the attacker's IP may try again (and the valid key works there too).
    clock.advanceSeconds(61);
    expect((await call(attacker, valid, 0)).status).toBe(200);
    expect((await call(attacker, unknownKey(), 1)).status).toBe(401);
  });

  it('refuses a key that cannot be one without looking it up, and counts it as a failure', async () => {
    const ip = someIp();
    const malformed = [
      'cvk_short',
      `cvk_${'A'.repeat(42)}!`,
      `cvk_${'A'.repeat(44)}`,
      `cvk_${randomBytes(32).toString('base64')}`, // base64 with + / =, not base64url
      `cvk_${'A'.repeat(10_000)}`,
    ];
    for (const [i, key] of malformed.entries()) {
      const res = await call(ip, key, i);
      expect({ key: key.slice(0, 20), status: res.status, statements: statements(res) }).toEqual({
        key: key.slice(0, 20),
        status: 401,
        statements: 0,
      });
    }
    const after = await call(ip, unknownKey(), 0);
    expect(after.status).toBe(429);
    expect(statements(after)).toBe(0);
  });
});

describe('KeyFailures', () => {
  it('keeps at most a bounded number of addresses, forgetting ended windows first, then the oldest', () => {
    const now = new ManualClock();
    const failures = new KeyFailures(1, now, 2);
    failures.failed('a');
    now.advanceSeconds(30);
    failures.failed('b');
    expect(() => failures.assertAllowed('a')).toThrow(/Too many invalid API keys/);
    failures.failed('c'); // full: "a" (the oldest, still open) is forgotten
    expect(() => failures.assertAllowed('a')).not.toThrow();
    expect(() => failures.assertAllowed('b')).toThrow();
    expect(() => failures.assertAllowed('c')).toThrow();
    now.advanceSeconds(31); // "b" ended
    failures.failed('d');
    expect(() => failures.assertAllowed('c')).toThrow();
    expect(() => failures.assertAllowed('d')).toThrow();
  });
});
