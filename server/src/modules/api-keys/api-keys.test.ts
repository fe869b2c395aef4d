import type { GraphQLSchema } from 'graphql';
import { buildAppSchema } from '../../transport/graphql/schema';
import { callFor, guardedRestPaths, restCall, rootFields } from '../../test/access-surface';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { ApiKeyScope } from '../user/scopes';
import { hasRole, Role } from '../user/role';
import { User, UserType } from '../user/user.entity';

// Integrators' API keys (issue 13): created, listed, revoked, scoped on every root field and
// REST path, audited per call, rate-limited per key, and revoked at once on every instance.

let clock: ManualClock;
let a: TestApp;
let b: TestApp;
let schema: GraphQLSchema;
beforeAll(async () => {
  clock = new ManualClock();
  a = await startTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '1000' }, { clock });
  b = await startTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '1000' }, { clock });
  schema = await buildAppSchema(null);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const CREATE = `mutation ($input: ApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id prefix scopes expiresAt } } }`;

/** Creates a key through the GraphQL API with `token`'s session; returns its id and secret. */
async function createKey(token: string, scopes: ApiKeyScope[], extra: { expiresAt?: string } = {}) {
  const res = await a.gql(CREATE, { input: { name: `key ${scopes.join('+')}`, scopes, ...extra } }, token);
  expect(res.body.errors).toBeUndefined();
  const { secret, apiKey } = res.body.data.createApiKey;
  return { id: apiKey.id as string, secret: secret as string };
}

const withKey = (app: TestApp, query: string, secret: string) =>
  app.http.post('/graphql').set('x-api-key', secret).send({ query });

describe('creating and listing keys', () => {
  it('shows the secret once, stores only its hash, and lists the key by prefix and scopes', async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    const res = await a.gql(CREATE, { input: { name: 'Tax export', scopes: ['ACCOUNT_READ'] } }, token);
    const { secret, apiKey } = res.body.data.createApiKey;
    expect(secret).toMatch(/^cvk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.prefix).toBe(secret.slice(0, 10));
    const [row] = await a.services.ds.query(`SELECT * FROM api_key WHERE id = $1`, [apiKey.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    const list = await a.gql(`{ apiKeys { id name prefix scopes lastUsedAt revokedAt } }`, {}, token);
    expect(list.body.data.apiKeys).toEqual([
      {
        id: apiKey.id,
        name: 'Tax export',
        prefix: apiKey.prefix,
        scopes: ['ACCOUNT_READ'],
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const mails = await a.services.ds.query(`SELECT kind FROM mail_outbox WHERE user_id = $1`, [user.id]);
    expect(mails).toEqual([{ kind: 'security_notice' }]);
  });

  it('refuses admin scopes to investors, empty scopes, past expiries, and key management by keys', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    for (const [input, field] of [
      [{ name: 'x', scopes: ['ADMIN_READ'] }, 'scopes'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: ' ', scopes: ['ACCOUNT_READ'] }, 'name'],
      [
        { name: 'x', scopes: ['ACCOUNT_READ'], expiresAt: new Date(clock.now().getTime() - 1000).toISOString() },
        'expiresAt',
      ],
    ] as const) {
      const res = await a.gql(CREATE, { input }, token);
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field }] });
    }
    const { secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
    const byKey = await a.http
      .post('/graphql')
      .set('authorization', `Bearer ${secret}`)
      .send({ query: CREATE, variables: { input: { name: 'y', scopes: ['ACCOUNT_READ'] } } });
    expect(byKey.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('calling the API with a key', () => {
  it('authenticates GraphQL and REST with Bearer or X-Api-Key, and records the last use', async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    const { id, secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
    expect((await withKey(a, '{ me { id } }', secret)).body.data.me.id).toBe(user.id);
    const bearer = await a.http.get('/api/account').set('authorization', `Bearer ${secret}`);
    expect(bearer.status).toBe(200);
    const header = await a.http.get('/api/transaction/all').set('x-api-key', secret);
    expect(header.status).toBe(200);
    const [row] = await a.services.ds.query(`SELECT last_used_at FROM api_key WHERE id = $1`, [id]);
    expect(row.last_used_at).not.toBeNull();
    expect((await a.http.get('/api/account').set('x-api-key', `${secret}x`)).status).toBe(401);
    expect((await a.http.get('/api/account').set('x-api-key', 'not-a-key')).status).toBe(401);
  });

  it('checks scopes on every root field: a key without the scope gets 403, with it the field runs', async () => {
    const { token: investor } = await a.createUser(UserType.INVESTOR);
    const { token: admin } = await a.createUser(UserType.ADMIN);
    const keys = [
      {
        type: UserType.INVESTOR,
        scopes: [ApiKeyScope.ACCOUNT_READ],
        ...(await createKey(investor, [ApiKeyScope.ACCOUNT_READ])),
      },
      {
        type: UserType.ADMIN,
        scopes: [ApiKeyScope.ACCOUNT_READ],
        ...(await createKey(admin, [ApiKeyScope.ACCOUNT_READ])),
      },
      { type: UserType.ADMIN, scopes: [ApiKeyScope.ADMIN_READ], ...(await createKey(admin, [ApiKeyScope.ADMIN_READ])) },
      {
        type: UserType.ADMIN,
        scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE],
        ...(await createKey(admin, [ApiKeyScope.TRANSACTION_STATUS_WRITE])),
      },
    ];
    const fields = rootFields(schema).filter((f) => f.auth && f.root !== 'Subscription');
    expect(fields.length).toBeGreaterThan(30);
    const outcomes: string[] = [];
    let opened = 0;
    for (const f of fields) {
      const query = callFor(f.field, f.root);
      for (const key of keys) {
        const roleOk = hasRole({ id: '', type: key.type }, f.auth!.requires as Role);
        const scoped = roleOk && (f.auth!.scopes ?? []).some((s) => key.scopes.includes(s as ApiKeyScope));
        const code = (await withKey(a, query, key.secret)).body.errors?.[0]?.extensions?.code ?? 'OK';
        if (scoped) opened++;
        const refused = code === 'FORBIDDEN';
        if (refused === scoped) outcomes.push(`${f.field.name} with ${key.type} ${key.scopes}: ${code}`);
      }
    }
    expect(outcomes).toEqual([]);
    expect(opened).toBeGreaterThan(10); // the check is not vacuous: many fields do open to some key
  });

  it('checks scopes on every guarded REST path the same way', async () => {
    const { token: admin } = await a.createUser(UserType.ADMIN);
    const { token: investor } = await a.createUser(UserType.INVESTOR);
    const keys = [
      {
        type: UserType.INVESTOR,
        scopes: [ApiKeyScope.ACCOUNT_READ],
        ...(await createKey(investor, [ApiKeyScope.ACCOUNT_READ])),
      },
      { type: UserType.ADMIN, scopes: [ApiKeyScope.ADMIN_READ], ...(await createKey(admin, [ApiKeyScope.ADMIN_READ])) },
      {
        type: UserType.ADMIN,
        scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE],
        ...(await createKey(admin, [ApiKeyScope.TRANSACTION_STATUS_WRITE])),
      },
    ];
    const paths = guardedRestPaths(a.services);
    expect(paths.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const p of paths) {
      for (const key of keys) {
        const roleOk = hasRole({ id: '', type: key.type }, p.rule.role);
        const scoped = roleOk && (p.rule.scopes ?? []).some((s) => key.scopes.includes(s));
        const res = await restCall(a.http, p.method, p.path).set('x-api-key', key.secret).send({});
        if ((res.status === 403) === scoped)
          wrong.push(`${p.method} ${p.path} with ${key.type} ${key.scopes}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never lets an admin key without ADMIN_READ see other people’s transactions', async () => {
    const { user: owner } = await a.createUser(UserType.INVESTOR);
    const [{ id }] = await a.services.ds.query(
      `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, 'WITHDRAWAL', 20, 'usdt') RETURNING id`,
      [owner.id],
    );
    const { token: admin } = await a.createUser(UserType.ADMIN);
    const own = await createKey(admin, [ApiKeyScope.ACCOUNT_READ]);
    const reader = await createKey(admin, [ApiKeyScope.ADMIN_READ]);
    expect((await a.http.get(`/api/transaction/${id}`).set('x-api-key', own.secret)).status).toBe(404);
    expect((await a.http.get(`/api/transaction/${id}`).set('x-api-key', reader.secret)).status).toBe(200);
    expect((await a.http.get(`/api/transaction/${id}`).set('authorization', `Bearer ${admin}`)).status).toBe(200);
  });

  it('audits every call with the key id, the operation and whether it was let through', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    const { id, secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
    await withKey(a, '{ me { id } }', secret);
    await withKey(a, 'mutation { markNotificationsRead(all: true) }', secret);
    await a.http.get('/api/account').set('x-api-key', secret);
    const rows = await a.services.ds.query(
      `SELECT metadata FROM audit_event WHERE action = 'api_key.call' AND subject_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.map((r: { metadata: unknown }) => r.metadata)).toEqual([
      { operation: 'Query.me', allowed: true },
      { operation: 'Mutation.markNotificationsRead', allowed: false },
      { operation: 'GET /api/account', allowed: true },
    ]);
  });

  it('follows the owner: a demoted admin’s key loses admin access at once', async () => {
    const { user, token } = await a.createUser(UserType.ADMIN);
    const { secret } = await createKey(token, [ApiKeyScope.ADMIN_READ]);
    expect((await a.http.get('/api/user/users').set('x-api-key', secret)).status).toBe(200);
    await a.services.ds.getRepository(User).update(user.id, { type: UserType.INVESTOR });
    expect((await a.http.get('/api/user/users').set('x-api-key', secret)).status).toBe(403);
  });
});

describe('revocation, expiry and rate limit', () => {
  it('revokes at once on every instance', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    const { id, secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
    expect((await b.http.get('/api/account').set('x-api-key', secret)).status).toBe(200);
    const revoked = await a.gql(`mutation ($id: ID!) { revokeApiKey(id: $id) { revokedAt } }`, { id }, token);
    expect(revoked.body.data.revokeApiKey.revokedAt).toBeTruthy();
    expect((await b.http.get('/api/account').set('x-api-key', secret)).status).toBe(401);
    expect((await withKey(b, '{ me { id } }', secret)).status).toBe(401);
  });

  it('refuses a key past its expiry, and revoking someone else’s key is NOT_FOUND', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const { id, secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ], { expiresAt });
    expect((await a.http.get('/api/account').set('x-api-key', secret)).status).toBe(200);
    clock.advanceSeconds(61);
    expect((await a.http.get('/api/account').set('x-api-key', secret)).status).toBe(401);
    const { token: other } = await a.createUser(UserType.INVESTOR);
    const res = await a.gql(`mutation ($id: ID!) { revokeApiKey(id: $id) { id } }`, { id }, other);
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('gives each key its own per-minute budget', async () => {
    const c = await startTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '5' }, { clock });
    try {
      const { token } = await c.createUser(UserType.INVESTOR);
      const first = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
      const second = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await c.http.get('/api/account').set('x-api-key', first.secret)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await c.http.get('/api/account').set('x-api-key', second.secret)).status).toBe(200);
      // The owner's own session is not held back by the key's budget.
      expect((await c.http.get('/api/account').set('authorization', `Bearer ${token}`)).status).toBe(200);
      clock.advanceSeconds(61);
      expect((await c.http.get('/api/account').set('x-api-key', first.secret)).status).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('tells every answer to a key what is left of its budget (RateLimit headers), on both transports', async () => {
    const c = await startTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' }, { clock });
    try {
      const { token } = await c.createUser(UserType.INVESTOR);
      const { secret } = await createKey(token, [ApiKeyScope.ACCOUNT_READ]);
      const rest = await c.http.get('/api/account').set('x-api-key', secret);
      expect(rest.status).toBe(200);
      expect(rest.headers['ratelimit-policy']).toBe('"api_key";q=3;w=60');
      // The window opened with this call and the clock stands still: 60 s to go.
      expect(rest.headers['ratelimit']).toBe('"api_key";r=2;t=60');
      const gql = await withKey(c, '{ account { balance } }', secret);
      expect(gql.status).toBe(200);
      expect(gql.headers['ratelimit']).toMatch(/^"api_key";r=1;t=\d+$/);
      expect(gql.headers['ratelimit-policy']).toBe('"api_key";q=3;w=60');
      await c.http.get('/api/account').set('x-api-key', secret);
      const refusedRest = await c.http.get('/api/account').set('x-api-key', secret);
      expect(refusedRest.status).toBe(429);
      expect(refusedRest.headers['ratelimit']).toMatch(/^"api_key";r=0;t=\d+$/);
      expect(Number(refusedRest.headers['retry-after'])).toBeGreaterThan(0);
      const refusedGql = await withKey(c, '{ account { balance } }', secret);
      expect(refusedGql.status).toBe(429);
      expect(refusedGql.headers['ratelimit']).toMatch(/^"api_key";r=0;t=\d+$/);
      expect(refusedGql.headers['retry-after']).toBe('60');
      // A session's answers carry no key budget.
      expect(
        (await c.http.get('/api/account').set('authorization', `Bearer ${token}`)).headers['ratelimit'],
      ).toBeUndefined();
    } finally {
      await c.close();
    }
  });
});
