import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { User, UserType } from '../../modules/user/user.entity';
import { until } from '../../test/live-test-client';
import { callFor, guardedRestPaths, restCall, rootFields as rootFieldsOf } from '../../test/access-surface';
import { startTestApp, TestApp } from '../../test/harness';
import { buildAppSchema } from './schema';

let t: TestApp;
let schema: GraphQLSchema;
beforeAll(async () => {
  t = await startTestApp();
  schema = await buildAppSchema(null);
});
afterAll(() => t.close());

/** Every root field with its access mark (`auth` = the role it requires). */
const rootFields = () => rootFieldsOf(schema).map((f) => ({ ...f, auth: f.auth?.requires }));

describe('access control is declared on every root field', () => {
  it('marks each root field either @auth(requires: ...) or @public, never both or neither', () => {
    const unmarked = rootFields()
      .filter((f) => Boolean(f.auth) === f.isPublic)
      .map((f) => `${f.root}.${f.field.name}`);
    expect(unmarked).toEqual([]);
  });

  it('has at least one admin field to guard (so the next test is meaningful)', () => {
    expect(rootFields().filter((f) => f.auth === 'ADMIN').length).toBeGreaterThan(0);
  });

  it('answers every root field for guests, investors and admins exactly as its @auth role in schema.graphql says', async () => {
    // The roles are read from the committed contract, not from the code under test: a role changed
    // in a resolver (without a reviewed schema change) fails here.
    const contract = new Map(
      rootFieldsOf(buildSchema(readFileSync(path.resolve(__dirname, '../../../../schema.graphql'), 'utf8'))).map(
        (f) => [`${f.root}.${f.field.name}`, f.auth?.requires],
      ),
    );
    const wrong: string[] = [];
    let checked = 0;
    // Subscriptions run over WebSocket, not this POST: live.test.ts checks their sign-in.
    for (const f of rootFields().filter((x) => x.root !== 'Subscription')) {
      const query = callFor(f.field, f.root);
      const name = `${f.root}.${f.field.name}`;
      if (!contract.has(name)) {
        wrong.push(`${name} is not in schema.graphql (run npm run schema:emit)`);
        continue;
      }
      // Fresh callers per field: one field's effect (a password change, a factor removed) can't leak into the next.
      const callers = await freshCallers();
      for (const caller of CALLERS) {
        const res = await t.gql(query, {}, callers[caller]);
        const got = graphqlOutcome(res.status, res.body.errors);
        const want = expectedOutcome(contract.get(name), caller);
        checked += 1;
        if (got !== want) wrong.push(`${query} as ${caller}: ${got} (want ${want}) ${JSON.stringify(res.body.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(120); // about 50 fields x 3 callers
  });

  it('answers every guarded REST path for guests, investors and admins exactly as its role says', async () => {
    const wrong: string[] = [];
    const paths = guardedRestPaths(t.services);
    const key = (p: { method: string; path: string }) =>
      `${p.method.toUpperCase()} ${p.path.replace(UUID_IN_PATH, ':id')}`;
    // Every guarded path is in the table below (and only those): a new path gets its role reviewed there.
    expect(paths.map(key).sort()).toEqual(Object.keys(REST_ROLES).sort());
    for (const p of paths) {
      const callers = await freshCallers();
      for (const caller of CALLERS) {
        const req = restCall(t.http, p.method, p.path);
        if (callers[caller]) req.set('authorization', `Bearer ${callers[caller]}`);
        const res = await req.send({});
        const got = restOutcome(res.status, res.body.errors);
        const want = expectedOutcome(REST_ROLES[key(p)], caller);
        if (got !== want)
          wrong.push(`${p.method.toUpperCase()} ${p.path} as ${caller}: ${got} (want ${want}) ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(paths.length).toBeGreaterThan(20);
  });
});

/** The id `guardedRestPaths` puts into parameterised paths. */
const UUID_IN_PATH = /00000000-0000-4000-8000-000000000000/g;

/**
 * The role each guarded REST path requires (docs/rest.md), written down apart from the router so
 * that a role changed in a route fails here instead of being read back from the same code.
 */
const REST_ROLES: Record<string, 'USER' | 'INVESTOR' | 'ADMIN'> = {
  'GET /api/deposit-address': 'INVESTOR',
  'POST /api/deposit-intent': 'INVESTOR',
  'GET /api/user': 'USER',
  'PUT /api/user': 'USER',
  'PUT /api/user/password': 'USER',
  'GET /api/user/security': 'USER',
  'POST /api/user/security/enrolment-code': 'USER',
  'POST /api/user/security/step-up': 'USER',
  'POST /api/user/security/step-up/passkey': 'USER',
  'POST /api/user/security/step-up/passkey/options': 'USER',
  'POST /api/user/security/totp': 'USER',
  'POST /api/user/security/totp/confirm': 'USER',
  'GET /api/user/sessions': 'USER',
  'POST /api/user/sessions/end-others': 'USER',
  'POST /api/user/sessions/end-all': 'USER',
  'DELETE /api/user/sessions/:id': 'USER',
  'GET /api/user/users': 'ADMIN',
  'PUT /api/user/:id': 'ADMIN',
  'GET /api/account': 'INVESTOR',
  'PUT /api/account': 'INVESTOR',
  'GET /api/account/all': 'ADMIN',
  'PUT /api/account/:id': 'ADMIN',
  'GET /api/account/:id/history': 'ADMIN',
  'POST /api/transaction/create': 'INVESTOR',
  'PUT /api/transaction/:id': 'ADMIN',
  'GET /api/transaction/transactions': 'ADMIN',
  'GET /api/transaction/all': 'INVESTOR',
  'GET /api/transaction/running': 'INVESTOR',
  'GET /api/transaction/:id': 'USER',
  'GET /api/settlements/due': 'ADMIN',
  'GET /api/webhooks': 'USER',
  'POST /api/webhooks': 'USER',
  'GET /api/webhooks/event-types': 'USER',
  'POST /api/webhooks/deliveries/:id/redeliver': 'USER',
  'GET /api/webhooks/:id': 'USER',
  'PUT /api/webhooks/:id': 'USER',
  'DELETE /api/webhooks/:id': 'USER',
  'POST /api/webhooks/:id/rotate-secret': 'USER',
  'GET /api/webhooks/:id/deliveries': 'USER',
  'POST /api/settlements': 'ADMIN',
  'GET /api/coins': 'USER',
  'POST /api/upload': 'USER',
  'GET /api/notifications': 'USER',
  'POST /api/notifications/read': 'USER',
  'GET /api/statements': 'USER',
  'GET /api/admin/exports/transactions': 'ADMIN',
};

/** Who calls: no token, an investor's session, an admin's session (proven with a second factor). */
const CALLERS = ['guest', 'investor', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** What a call may come to, as far as access goes. */
type Outcome = 'UNAUTHENTICATED (401)' | 'FORBIDDEN (403)' | 'served' | 'server error' | 'other refusal';

/** A new investor and a new admin with their tokens (guests have none). */
async function freshCallers(): Promise<Record<Caller, string | undefined>> {
  const investor = await t.createUser(UserType.INVESTOR);
  const admin = await t.createUser(UserType.ADMIN);
  return { guest: undefined, investor: investor.token, admin: admin.token };
}

/** The one outcome each role allows each caller: guests 401, the wrong type 403, the right one served. */
function expectedOutcome(role: string | undefined, caller: Caller): Outcome {
  if (!role) return 'served'; // @public
  if (caller === 'guest') return 'UNAUTHENTICATED (401)';
  if (role === 'USER' || role === caller.toUpperCase()) return 'served';
  return 'FORBIDDEN (403)';
}

/**
 * A GraphQL answer's outcome: an auth error (with its HTTP status), a server error, or served.
 * Served means any answer but those: the minimal call's made-up arguments may well be refused
 * (BAD_USER_INPUT, NOT_FOUND...), which shows the field was reached.
 */
function graphqlOutcome(status: number, errors?: { extensions?: { code?: string } }[]): Outcome {
  const codes = (errors ?? []).map((e) => e.extensions?.code);
  if (status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) return 'server error';
  if (codes.includes('UNAUTHENTICATED')) return status === 401 ? 'UNAUTHENTICATED (401)' : 'other refusal';
  if (codes.includes('FORBIDDEN')) return status === 403 ? 'FORBIDDEN (403)' : 'other refusal';
  if (codes.some((c) => c === 'SECOND_FACTOR_ENROLMENT_REQUIRED')) return 'other refusal';
  return 'served';
}

/** A REST answer's outcome, by status and the legacy error list's code. */
function restOutcome(status: number, errors?: { code?: string }[]): Outcome {
  const code = errors?.[0]?.code;
  if (status >= 500) return 'server error';
  if (status === 401) return code === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED (401)' : 'other refusal';
  if (status === 403) return code === 'FORBIDDEN' ? 'FORBIDDEN (403)' : 'other refusal';
  return 'served';
}

describe('session tokens', () => {
  it('refuses an unsigned alg:none token that claims admin', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, role: 'admin', iss: 'cryptovest', iat: now, exp: now + 600, tv: user.tokensValidAfter.getTime() })}.`;
    expect((await t.gql('{ me { id } }', {}, forged)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { user } = await t.createUser(UserType.ADMIN);
    const { SignJWT } = await import('jose');
    const other = await new SignJWT({ role: 'admin', tv: user.tokensValidAfter.getTime() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('cryptovest')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-0000'));
    expect((await t.gql('{ me { id } }', {}, other)).status).toBe(401);
  });

  // A change written straight to the database (an operator's SQL) reaches the session check
  // through the table's NOTIFY: polled for, bounded (modules/auth/caller-cache.test.ts has more).
  it('checks the role as stored: a demoted admin loses admin access as soon as the change is heard', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN);
    expect((await t.gql('{ users { total } }', {}, token)).body.data.users.total).toBeGreaterThan(0);
    await t.services.ds.getRepository(User).update(user.id, { type: UserType.INVESTOR });
    const res = await until(
      () => t.gql('{ users { total } }', {}, token),
      (r) => r.status !== 200,
    );
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('voids older tokens when the cut-off moves (password change, reset)', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    expect((await t.gql('{ me { id } }', {}, token)).status).toBe(200);
    await t.services.ds.getRepository(User).update(user.id, { tokensValidAfter: new Date(Date.now() + 1) });
    const res = await until(
      () => t.gql('{ me { id } }', {}, token),
      (r) => r.status !== 200,
    );
    expect(res.status).toBe(401);
  });
});
