import { createHmac } from 'node:crypto';
import { UserType } from '../user/user.entity';
import { connectLive, listenForSockets, until, within, type LiveClient } from '../../test/live-test-client';
import { ManualClock } from '../../test/manual-clock';
import { queriesOf } from '../../test/statements';
import { totpCode } from '../../test/second-factor';
import { CLOSE_CODES } from '../../transport/graphql/live/close-codes';
import { SESSION_KEPT_DAYS } from './session-records';
import {
  createScratchDatabase,
  TEST_PASSWORD,
  type ScratchDatabase,
  type TestApp,
  startTestApp,
} from '../../test/harness';

// Issue 38: one user_session row per sign-in, named by the token's `sid`. Ended sessions are
// refused on every instance (REST, GraphQL, sockets) with the reason; tokens from before sessions
// (no sid) keep working. Two instances on a database of this file's own, one clock for both;
// instance `a` trusts the loopback proxy (TRUST_PROXY), `b` trusts none.

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let db: ScratchDatabase;
let a: TestApp;
let b: TestApp;
let wsB: string;
const clock = new ManualClock();
const sockets: LiveClient[] = [];
beforeAll(async () => {
  db = await createScratchDatabase();
  a = await startTestApp({ TRUST_PROXY: 'loopback', SERVER_TIMING: 'true' }, { databaseUrl: db.url, clock });
  b = await startTestApp({}, { databaseUrl: db.url, clock });
  wsB = await listenForSockets(b.app.httpServer);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await a?.close();
  await b?.close();
  await new Promise((resolve) => b.app.httpServer.close(resolve));
  await db?.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The claims of a token (read, not verified). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/** Signs in with the password over REST on `t` as `userAgent` from `forwardedFor`: the token. */
async function signIn(t: TestApp, email: string, userAgent = CHROME_LINUX, forwardedFor = '203.0.113.7') {
  const res = await t.http
    .post('/api/user/login')
    .set('user-agent', userAgent)
    .set('x-forwarded-for', forwardedFor)
    .send({ email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

/** What a token gets on `t` over REST and GraphQL: statuses and the refusal's reason. */
async function answers(t: TestApp, token: string) {
  const rest = await t.http.get('/api/user').set(bearer(token));
  const gql = await t.gql('{ me { id } }', {}, token);
  return {
    rest: rest.status,
    restReason: rest.body.errors?.[0]?.reason,
    gql: gql.status,
    gqlReason: gql.body.errors?.[0]?.extensions?.reason,
  };
}
const ok = { rest: 200, restReason: undefined, gql: 200, gqlReason: undefined };
const refused = (reason: string) => ({ rest: 401, restReason: reason, gql: 401, gqlReason: reason });

/** The caller's sessions as GraphQL lists them. */
async function mySessions(t: TestApp, token: string) {
  const res = await t.gql('{ mySessions { id device ip current createdAt lastUsedAt } }', {}, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.mySessions as Array<{ id: string; device: string; ip: string | null; current: boolean }>;
}

/** An HS256 token as releases before sessions issued it: no `sid`. */
function legacyToken(user: { id: string; type: string; tokensValidAfter: Date }, iat = Math.floor(Date.now() / 1000)) {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const ttl = a.services.config.jwtTtlMinutes * 60;
  const payload = {
    role: user.type,
    tv: user.tokensValidAfter.getTime(),
    iss: 'cryptovest',
    sub: user.id,
    iat,
    exp: iat + ttl,
  };
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}`;
  return `${body}.${createHmac('sha256', a.services.config.jwtSecret).update(body).digest('base64url')}`;
}

describe('a session per sign-in', () => {
  it('records the device and the IP (as TRUST_PROXY reads it), and puts its id in the token', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const viaProxy = await signIn(a, user.email, CHROME_LINUX, '203.0.113.7');
    const direct = await signIn(b, user.email, SAFARI_IPHONE, '203.0.113.8');
    const rows = await a.services.ds.query(
      `SELECT id, device, ip FROM user_session WHERE user_id = $1 ORDER BY created_at, device`,
      [user.id],
    );
    expect(rows).toHaveLength(3); // the factory's session, and the two sign-ins
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(claimsOf(viaProxy).sid as string)).toMatchObject({ device: 'Chrome on Linux', ip: '203.0.113.7' });
    // b trusts no proxy: the socket's address, never what the client wrote in X-Forwarded-For.
    const fromB = byId.get(claimsOf(direct).sid as string) as { device: string; ip: string };
    expect(fromB.device).toBe('Safari on iOS');
    expect(fromB.ip).not.toBe('203.0.113.8');
    expect(fromB.ip).toMatch(/127\.0\.0\.1|::1/);

    const listed = await mySessions(a, viaProxy);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ id: claimsOf(viaProxy).sid, current: true, device: 'Chrome on Linux' });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
  });

  it('opens a session after the second factor too, and a step-up carries the same session on', async () => {
    const { user } = await a.createUser(UserType.ADMIN);
    const first = await a.http.post('/api/user/login').set('user-agent', CHROME_LINUX).send({
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(first.body.data.secondFactorRequired).toBe(true);
    const second = await a.http
      .post('/api/user/login/second-factor')
      .set('user-agent', CHROME_LINUX)
      .send({ ticket: first.body.data.ticket, code: await totpCode(clock.now()) });
    expect(second.status).toBe(200);
    const token = second.body.data.token as string;
    const sid = claimsOf(token).sid as string;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    clock.advanceSeconds(31); // the next authenticator step
    const stepped = await a.http
      .post('/api/user/security/step-up')
      .set(bearer(token))
      .send({ code: await totpCode(clock.now()) });
    expect(stepped.status).toBe(200);
    expect(claimsOf(stepped.body.data.token).sid).toBe(sid);
    expect(await answers(b, stepped.body.data.token)).toEqual(ok);
  });
});

describe('ending sessions', () => {
  it('refuses an ended session on every instance, over REST, GraphQL and its socket, and keeps the others', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const mine = await signIn(a, user.email);
    const other = await signIn(a, user.email, SAFARI_IPHONE);
    for (const t of [a, b]) expect(await answers(t, other)).toEqual(ok); // both instances keep the caller
    const socket = connectLive(wsB, other);
    sockets.push(socket);
    await within(socket.connected, 5000, 'socket connected');

    const ended = await a.gql('mutation ($id: ID!) { endSession(id: $id) }', { id: claimsOf(other).sid }, mine);
    expect(ended.body.data.endSession).toBe(true);
    expect(await answers(a, other)).toEqual(refused('SESSION_REVOKED'));
    await until(
      () => answers(b, other),
      (r) => r.rest === 401,
    );
    expect(await answers(b, other)).toEqual(refused('SESSION_REVOKED'));
    expect((await within(socket.closed, 5000, 'socket closed')).code).toBe(CLOSE_CODES.UNAUTHORIZED);
    for (const t of [a, b]) expect(await answers(t, mine)).toEqual(ok);
    expect((await mySessions(b, mine)).map((s) => s.id)).not.toContain(claimsOf(other).sid);
  });

  it("cannot end another user's session (404), which keeps working", async () => {
    const { user: victim } = await a.createUser(UserType.INVESTOR);
    const { token: attacker } = await a.createUser(UserType.INVESTOR);
    const victimToken = await signIn(a, victim.email);
    const sid = claimsOf(victimToken).sid;
    const gql = await a.gql('mutation ($id: ID!) { endSession(id: $id) }', { id: sid }, attacker);
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const rest = await a.http.delete(`/api/user/sessions/${sid}`).set(bearer(attacker));
    expect(rest.status).toBe(404);
    const junk = await a.http.delete('/api/user/sessions/not-a-uuid').set(bearer(attacker));
    expect(junk.status).toBe(404);
    expect(await answers(b, victimToken)).toEqual(ok);
  });

  it('signs out everywhere else but keeps the current session, over GraphQL and REST', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const [one, two, three] = [await signIn(a, user.email), await signIn(a, user.email), await signIn(b, user.email)];
    const res = await a.gql('mutation { endOtherSessions }', {}, one);
    expect(res.body.data.endOtherSessions).toBe(3); // two, three and the factory's
    expect(await answers(a, one)).toEqual(ok);
    for (const token of [two, three])
      expect(
        await until(
          () => answers(b, token),
          (r) => r.rest === 401,
        ),
      ).toEqual(refused('SESSION_REVOKED'));
    expect((await mySessions(a, one)).map((s) => s.current)).toEqual([true]);

    const four = await signIn(b, user.email);
    const rest = await b.http.post('/api/user/sessions/end-others').set(bearer(four));
    expect(rest.body.data).toEqual({ ended: 1 });
    const listed = await b.http.get('/api/user/sessions').set(bearer(four));
    expect(listed.body.data).toEqual([expect.objectContaining({ id: claimsOf(four).sid, current: true })]);
  });

  it('signs out everywhere, the current session and tokens from before sessions included', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const current = await signIn(a, user.email);
    const legacy = legacyToken(user);
    expect(await answers(b, legacy)).toEqual(ok);
    const res = await a.gql('mutation { endAllSessions }', {}, current);
    expect(res.body.data.endAllSessions).toBe(2);
    for (const token of [current, legacy])
      expect(
        await until(
          () => answers(b, token),
          (r) => r.rest === 401,
        ),
      ).toEqual(refused('SESSION_REVOKED'));
  });
});

describe('tokens from before sessions were recorded', () => {
  it('keep working until they expire, and end with a password change (PASSWORD_CHANGED)', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const legacy = legacyToken(user);
    expect(claimsOf(legacy).sid).toBeUndefined();
    for (const t of [a, b]) expect(await answers(t, legacy)).toEqual(ok);
    // A sessionless caller sees a list without a current one, and may end the recorded ones.
    expect((await mySessions(a, legacy)).some((s) => s.current)).toBe(false);

    const other = await signIn(a, user.email);
    const changed = await a.http
      .put('/api/user/password')
      .set(bearer(other))
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'another-password-9', confirmPassword: 'another-password-9' });
    expect(changed.status).toBe(200);
    for (const t of [a, b])
      expect(
        await until(
          () => answers(t, legacy),
          (r) => r.rest === 401,
        ),
      ).toEqual(refused('PASSWORD_CHANGED'));
  });

  it('refuse an expired token with SESSION_EXPIRED', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const ttl = a.services.config.jwtTtlMinutes * 60;
    const old = legacyToken(user, Math.floor(Date.now() / 1000) - ttl - 60);
    expect(await answers(a, old)).toEqual(refused('SESSION_EXPIRED'));
  });
});

describe('a password change', () => {
  it('ends the other sessions with PASSWORD_CHANGED and carries the acting one on', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const acting = await signIn(a, user.email);
    const other = await signIn(b, user.email, SAFARI_IPHONE);
    const res = await a.gql(
      'mutation ($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { token } }',
      { old: TEST_PASSWORD, new: 'another-password-9' },
      acting,
    );
    const fresh = res.body.data.changePassword.token as string;
    expect(claimsOf(fresh).sid).toBe(claimsOf(acting).sid);
    expect(
      await until(
        () => answers(b, other),
        (r) => r.rest === 401,
      ),
    ).toEqual(refused('PASSWORD_CHANGED'));
    for (const t of [a, b]) expect(await answers(t, fresh)).toEqual(ok);
    // The acting session's own older token stops too (it carried the old cut-off).
    expect((await answers(a, acting)).rest).toBe(401);
    expect((await mySessions(a, fresh)).map((s) => s.id)).toEqual([claimsOf(acting).sid]);
  });
});

describe('last use', () => {
  it('is written at most once a minute per session, whichever instance sees the request', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const token = await signIn(a, user.email);
    const sid = claimsOf(token).sid;
    const lastUsed = async () =>
      (
        await a.services.ds.query(`SELECT last_used_at FROM user_session WHERE id = $1`, [sid])
      )[0].last_used_at.getTime() as number;
    const opened = await lastUsed();
    await answers(a, token);
    await answers(b, token);
    clock.advanceSeconds(59);
    // Within the minute a known session's check costs no statement at all.
    const quiet = await a.http.get('/api/user').set(bearer(token));
    expect(queriesOf(quiet.headers['server-timing'])).toBe(0);
    expect(await lastUsed()).toBe(opened);

    clock.advanceSeconds(2);
    await answers(a, token);
    const touched = clock.now().getTime();
    expect(await lastUsed()).toBe(touched);
    clock.advanceSeconds(10);
    // b's own record is older than a minute, but the row's is not: nothing is written.
    await answers(b, token);
    await answers(a, token);
    expect(await lastUsed()).toBe(touched);
  });
});

describe('old session rows', () => {
  it('are removed a month after their tokens expired; a token whose row is gone is refused', async () => {
    const { user } = await a.createUser(UserType.INVESTOR);
    const gone = await signIn(a, user.email);
    const kept = await signIn(a, user.email);
    const open = await signIn(a, user.email);
    const expireAgo = async (token: string, days: number) =>
      a.services.ds.query(
        `UPDATE user_session SET expires_at = $2::timestamptz - make_interval(days => $3) WHERE id = $1`,
        [claimsOf(token).sid, clock.now(), days],
      );
    await expireAgo(gone, SESSION_KEPT_DAYS + 1);
    await expireAgo(kept, SESSION_KEPT_DAYS - 1);

    expect(await a.services.tokens.sessions.removeExpired()).toBeGreaterThanOrEqual(1);
    const left = await a.services.ds.query(`SELECT id FROM user_session WHERE user_id = $1`, [user.id]);
    const ids = left.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(claimsOf(gone).sid);
    expect(ids).toEqual(expect.arrayContaining([claimsOf(kept).sid, claimsOf(open).sid]));
    // Its row gone, the session's token (its own expiry aside) is refused, never reopened.
    a.services.tokens.callerChanged(user.id);
    expect(await answers(a, gone)).toEqual(refused('SESSION_REVOKED'));
    expect(await answers(a, open)).toEqual(ok);
    // Nothing more is due: the run is a no-op.
    expect(await a.services.tokens.sessions.removeExpired()).toBe(0);
  });
});
