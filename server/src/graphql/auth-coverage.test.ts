import type { GraphQLSchema } from 'graphql';
import { User, UserType } from '../modules/user/user.entity';
import { callFor, rootFields as rootFieldsOf } from '../test/access-surface';
import { startTestApp, TestApp } from '../test/harness';
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

  it('refuses every ADMIN field to guests (401) and investors (403), and serves admins', async () => {
    const { token: investor } = await t.createUser(UserType.INVESTOR);
    const { token: admin } = await t.createUser(UserType.ADMIN);
    for (const f of rootFields().filter((x) => x.auth === 'ADMIN' && x.root !== 'Subscription')) {
      const query = callFor(f.field, f.root);
      const guest = await t.gql(query);
      expect({ query, status: guest.status, code: guest.body.errors?.[0]?.extensions?.code }).toEqual({
        query,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      const inv = await t.gql(query, {}, investor);
      expect({ query, status: inv.status, code: inv.body.errors?.[0]?.extensions?.code }).toEqual({
        query,
        status: 403,
        code: 'FORBIDDEN',
      });
      const ok = await t.gql(query, {}, admin);
      expect({ query, code: ok.body.errors?.[0]?.extensions?.code }).not.toEqual({ query, code: 'FORBIDDEN' });
    }
  });

  it('refuses admin REST paths to investors with 403 and to guests with 401', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    expect((await t.http.get('/api/user/users')).status).toBe(401);
    const res = await t.http.get('/api/user/users').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FORBIDDEN');
  });
});

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

  it('re-reads the role from the database: a demoted admin loses admin access at once', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN);
    expect((await t.gql('{ users { total } }', {}, token)).body.data.users.total).toBeGreaterThan(0);
    await t.services.ds.getRepository(User).update(user.id, { type: UserType.INVESTOR });
    const res = await t.gql('{ users { total } }', {}, token);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('voids older tokens when the cut-off moves (password change, reset)', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    expect((await t.gql('{ me { id } }', {}, token)).status).toBe(200);
    await t.services.ds.getRepository(User).update(user.id, { tokensValidAfter: new Date(Date.now() + 1) });
    expect((await t.gql('{ me { id } }', {}, token)).status).toBe(401);
  });
});
