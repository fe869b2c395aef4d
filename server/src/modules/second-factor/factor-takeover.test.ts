import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { enrolTestAuthenticator, totpCode } from '../../test/second-factor';
import { SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { CLOSE_CODES } from '../../transport/graphql/live/close-codes';
import { connectLive, listenForSockets, within } from '../../test/live-test-client';
import { UserType } from '../user/user.entity';
import { ENROLMENT_CODE_INVALID, ENROLMENT_CODE_MISSING } from './enrolment-codes';
import { LAST_FACTOR_MESSAGE } from './second-factor.service';
import { STEP_UP_MESSAGE } from './step-up';

// Issue 33, "a token without a second factor becomes a fully proven admin session": each test
// performs an attack of the run and shows that it now fails for the attacker.

let smtp: SmtpSink;
let clock: ManualClock;
let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock });
  wsUrl = await listenForSockets(t.app.httpServer);
});
afterAll(async () => {
  await new Promise((resolve) => t.app.httpServer.close(resolve));
  await t.close();
  await smtp.close();
});

const ENROLMENT_CODE_IN_MAIL = /enrolment code: ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})/;
const START = `mutation { startTotpEnrolment { secret } }`;
const CONFIRM = `mutation ($code: String!, $enrolmentCode: String) {
  confirmTotpEnrolment(code: $code, enrolmentCode: $enrolmentCode) { recoveryCodes session { token } } }`;
const OPTIONS = `mutation { passkeyRegistrationOptions }`;
const ADD = `mutation ($response: String!, $enrolmentCode: String) {
  addPasskey(name: "Attacker key", response: $response, enrolmentCode: $enrolmentCode) { passkey { id } session { token } } }`;
const REMOVE = `mutation ($id: ID!) { removePasskey(id: $id) { security { passkeys { id } } session { token } } }`;
const DISABLE = `mutation ($code: String!) { disableTotp(code: $code) { security { totpEnabled } session { token } } }`;
const STEP_UP = `mutation ($code: String!) { stepUpWithCode(code: $code) { token } }`;
const STATUS = `{ mySecurity { totpEnabled passkeys { id } } }`;
const USERS = `{ users { total } }`;

const soft = () => new SoftAuthenticator(t.services.config.webauthn.origin);
const errorOf = (res: { body: { errors?: { extensions: Record<string, unknown>; message: string }[] } }) =>
  res.body.errors?.[0];
const code = (res: Parameters<typeof errorOf>[0]) => errorOf(res)?.extensions.code;
const fieldOf = (res: Parameters<typeof errorOf>[0]) =>
  (errorOf(res)?.extensions.fields as { field: string }[] | undefined)?.[0]?.field;

/** Adds a passkey through the API with `token` (which must be allowed to); returns the new session. */
async function addPasskey(token: string, key = soft(), enrolmentCode?: string) {
  const options = await t.gql(OPTIONS, {}, token);
  expect(options.body.errors).toBeUndefined();
  const added = await t.gql(
    ADD,
    { response: key.register(options.body.data.passkeyRegistrationOptions), enrolmentCode },
    token,
  );
  expect(added.body.errors).toBeUndefined();
  return {
    id: added.body.data.addPasskey.passkey.id as string,
    token: added.body.data.addPasskey.session.token as string,
  };
}

describe("an admin's first factor needs more than the password", () => {
  it('refuses to enrol an authenticator or a passkey without the mailed enrolment code, so the session stays confined', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN, {}, { secondFactor: false });
    const secret = (await t.gql(START, {}, token)).body.data.startTotpEnrolment.secret;
    const noCode = await t.gql(CONFIRM, { code: await totpCode(clock.now(), 0, secret) }, token);
    expect(fieldOf(noCode)).toBe('enrolmentCode');
    expect(errorOf(noCode)?.message).toBe(ENROLMENT_CODE_MISSING);
    const guessed = await t.gql(
      CONFIRM,
      { code: await totpCode(clock.now(), 0, secret), enrolmentCode: 'abcd-efgh-jkmn-pqrs' },
      token,
    );
    expect(errorOf(guessed)?.message).toBe(ENROLMENT_CODE_INVALID);

    const key = soft();
    const options = (await t.gql(OPTIONS, {}, token)).body.data.passkeyRegistrationOptions;
    const passkey = await t.gql(ADD, { response: key.register(options) }, token);
    expect(fieldOf(passkey)).toBe('enrolmentCode');

    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity).toEqual({ totpEnabled: false, passkeys: [] });
    expect(code(await t.gql(USERS, {}, token))).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    // The refused confirmations claimed no authenticator step: the same code still works with the real enrolment code.
    await t.gql(`mutation { sendEnrolmentCode { expiresAt } }`, {}, token);
    const enrolmentCode = await smtp.waitFor(user.email, ENROLMENT_CODE_IN_MAIL);
    const ok = await t.gql(CONFIRM, { code: await totpCode(clock.now(), 0, secret), enrolmentCode }, token);
    expect(ok.body.errors).toBeUndefined();
    const proven = ok.body.data.confirmTotpEnrolment.session.token;
    expect((await t.gql(USERS, {}, proven)).body.data.users.total).toBeGreaterThan(0);
  });

  it('binds the code to its account, uses it once and lets it lapse after 24 hours', async () => {
    const owner = await t.createUser(UserType.ADMIN, {}, { secondFactor: false });
    const other = await t.createUser(UserType.ADMIN, {}, { secondFactor: false });
    await t.http.post('/api/user/security/enrolment-code').set('authorization', `Bearer ${owner.token}`).expect(202);
    const enrolmentCode = await smtp.waitFor(owner.user.email, ENROLMENT_CODE_IN_MAIL);

    const stolen = await addPasskeyAttempt(other.token, enrolmentCode);
    expect(errorOf(stolen)?.message).toBe(ENROLMENT_CODE_INVALID);

    const { token } = await addPasskey(owner.token, soft(), enrolmentCode);
    expect((await t.gql(USERS, {}, token)).body.data.users.total).toBeGreaterThan(0);

    // Used once: after an operator's reset (phone lost) the old code is refused, the new one works.
    const reset = await t.services.admins.resetSecondFactor(owner.user.email);
    const signedIn = await t.http.post('/api/user/login').send({ email: owner.user.email, password: TEST_PASSWORD });
    const confined = signedIn.body.data.token;
    expect(errorOf(await addPasskeyAttempt(confined, enrolmentCode))?.message).toBe(ENROLMENT_CODE_INVALID);
    await addPasskey(confined, soft(), reset.code);

    // A second admin without a factor: codes older than a day are refused.
    const late = await t.createUser(UserType.ADMIN, {}, { secondFactor: false });
    const { code: expiring } = await t.services.enrolmentCodes.issue(late.user.id);
    clock.advanceSeconds(24 * 3600 + 1);
    expect(errorOf(await addPasskeyAttempt(late.token, expiring))?.message).toBe(ENROLMENT_CODE_INVALID);
  });

  it('gives investors their first factor with the session alone', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const { token: proven } = await addPasskey(token);
    expect((await t.gql(STATUS, {}, proven)).body.data.mySecurity.passkeys).toHaveLength(1);
  });
});

/** One passkey enrolment attempt with `enrolmentCode`, answered as it comes. */
async function addPasskeyAttempt(token: string, enrolmentCode: string) {
  const options = (await t.gql(OPTIONS, {}, token)).body.data.passkeyRegistrationOptions;
  return t.gql(ADD, { response: soft().register(options), enrolmentCode }, token);
}

describe('adding a factor to an account that has one needs a fresh proof', () => {
  it('refuses a password-only admin session (the attack run got back a proven back-office token)', async () => {
    const { user } = await t.createUser(UserType.ADMIN); // has an authenticator
    const passwordOnly = await t.services.tokens.issue(user);
    const options = await t.gql(OPTIONS, {}, passwordOnly);
    expect(code(options)).toBe('STEP_UP_REQUIRED');
    expect(errorOf(options)?.message).toBe(STEP_UP_MESSAGE);
    expect(options.status).toBe(403);
    const rest = await t.http.post('/api/user/security/totp').set('authorization', `Bearer ${passwordOnly}`).send({});
    expect(rest.status).toBe(409); // an authenticator is set up already: nothing to start
    expect((await t.gql(STATUS, {}, passwordOnly)).body.data.mySecurity.passkeys).toEqual([]);
  });

  it('refuses a proven session whose proof is older than 5 minutes, until the factor is proven again', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    await enrolTestAuthenticator(t.services, user.id);
    const signedIn = await t.services.tokens.issue(user, true, clock.now());
    clock.advanceSeconds(5 * 60 + 1);
    expect(code(await t.gql(OPTIONS, {}, signedIn))).toBe('STEP_UP_REQUIRED');
    expect(code(await t.gql(OPTIONS, {}, token))).toBe('STEP_UP_REQUIRED');

    const wrong = await t.gql(STEP_UP, { code: '000000' }, signedIn);
    expect(code(wrong)).toBe('BAD_USER_INPUT');
    const stepped = await t.gql(STEP_UP, { code: await totpCode(clock.now()) }, signedIn);
    const fresh = stepped.body.data.stepUpWithCode.token;
    const { token: afterAdd } = await addPasskey(fresh);
    // Adding the passkey ended the other sessions, the one it stepped up from included.
    expect(code(await t.gql(STATUS, {}, signedIn))).toBe('UNAUTHENTICATED');

    clock.advanceSeconds(30);
    const second = await t.gql(STEP_UP, { code: await totpCode(clock.now()) }, afterAdd);
    const later = second.body.data.stepUpWithCode.token;
    clock.advanceSeconds(5 * 60 + 1);
    expect(code(await t.gql(OPTIONS, {}, later))).toBe('STEP_UP_REQUIRED');
  });

  it("proves a passkey again over REST, and regenerates a passkey-only account's recovery codes with it", async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const key = soft();
    const { token: proven } = await addPasskey(token, key);
    clock.advanceSeconds(5 * 60 + 1);
    const regenerate = `mutation { regenerateRecoveryCodes }`;
    expect(code(await t.gql(regenerate, {}, proven))).toBe('STEP_UP_REQUIRED');
    const bearer = { authorization: `Bearer ${proven}` };
    const options = await t.http.post('/api/user/security/step-up/passkey/options').set(bearer).send({});
    expect(options.status).toBe(200);
    const forged = await t.http
      .post('/api/user/security/step-up/passkey')
      .set(bearer)
      .send({ response: soft().assert(JSON.stringify(options.body.data)) });
    expect(forged.status).toBe(422); // another authenticator's key: not this account's passkey
    const again = await t.http.post('/api/user/security/step-up/passkey/options').set(bearer).send({});
    const stepped = await t.http
      .post('/api/user/security/step-up/passkey')
      .set(bearer)
      .send({ response: JSON.parse(key.assert(JSON.stringify(again.body.data))) });
    expect(stepped.status).toBe(200);
    const codes = await t.gql(regenerate, {}, stepped.body.data.token);
    expect(codes.body.data.regenerateRecoveryCodes).toHaveLength(10);
  });
});

describe('adding or removing a factor ends every other session and socket', () => {
  it('signs out other tokens and closes their sockets when a factor is added, and mails the owner', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const other = await t.services.tokens.issue(user);
    const socket = connectLive(wsUrl, other);
    await within(socket.connected, 5000, 'socket connected');
    const sent = smtp.mails.length;

    const { token: fresh } = await addPasskey(token);
    for (const old of [token, other]) {
      expect((await t.http.get('/api/account').set('authorization', `Bearer ${old}`)).status).toBe(401);
    }
    expect((await t.http.get('/api/account').set('authorization', `Bearer ${fresh}`)).status).toBe(200);
    expect((await within(socket.closed, 5000, 'socket closed')).code).toBe(CLOSE_CODES.UNAUTHORIZED);
    await t.services.background.idle();
    await smtp.waitFor(user.email, /passkey \("Attacker key"\) was added/);
    expect(smtp.mails.length).toBeGreaterThan(sent);
  });

  it('signs out other tokens when a passkey is removed; the remover gets a new token', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const { id, token: proven } = await addPasskey(token);
    const other = await t.services.tokens.issue(user);
    const removed = await t.gql(REMOVE, { id }, proven);
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.removePasskey.security.passkeys).toEqual([]);
    expect((await t.http.get('/api/account').set('authorization', `Bearer ${other}`)).status).toBe(401);
    expect((await t.http.get('/api/account').set('authorization', `Bearer ${proven}`)).status).toBe(401);
    const renewed = removed.body.data.removePasskey.session.token;
    expect((await t.http.get('/api/account').set('authorization', `Bearer ${renewed}`)).status).toBe(200);
  });
});

describe('an admin keeps at least one factor', () => {
  it('refuses to turn off the only authenticator or remove the only passkey, and allows it with another factor', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN);
    clock.advanceSeconds(30);
    const off = await t.gql(DISABLE, { code: await totpCode(clock.now()) }, token);
    expect(code(off)).toBe('CONFLICT');
    expect(errorOf(off)?.message).toBe(LAST_FACTOR_MESSAGE);
    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity.totpEnabled).toBe(true);

    // With a passkey beside it the authenticator may go, and then the passkey may not.
    const stepped = (await t.gql(STEP_UP, { code: await totpCode(clock.now()) }, token)).body.data.stepUpWithCode.token;
    const { id, token: withPasskey } = await addPasskey(stepped);
    clock.advanceSeconds(30);
    const allowed = await t.gql(DISABLE, { code: await totpCode(clock.now()) }, withPasskey);
    expect(allowed.body.data.disableTotp.security.totpEnabled).toBe(false);
    const last = await t.gql(REMOVE, { id }, allowed.body.data.disableTotp.session.token);
    expect(errorOf(last)?.message).toBe(LAST_FACTOR_MESSAGE);
    expect(
      (await t.gql(STATUS, {}, allowed.body.data.disableTotp.session.token)).body.data.mySecurity.passkeys,
    ).toEqual([{ id }]);
    expect(user.type).toBe(UserType.ADMIN);
  });

  it('keeps one of two passkeys when both are removed at the same moment', async () => {
    const { user, token } = await t.createUser(UserType.ADMIN);
    const stepped = (await t.gql(STEP_UP, { code: await totpCode(clock.now(), 1) }, token)).body.data.stepUpWithCode
      .token;
    const first = await addPasskey(stepped);
    const second = await addPasskey(first.token);
    await t.services.ds.query(`DELETE FROM totp_factor WHERE user_id = $1`, [user.id]);
    t.services.tokens.callerChanged(user.id);
    const results = await Promise.all([first.id, second.id].map((id) => t.gql(REMOVE, { id }, second.token)));
    expect(results.filter((r) => !r.body.errors).length).toBe(1);
    const [{ n }] = await t.services.ds.query(`SELECT count(*)::int AS n FROM passkey WHERE user_id = $1`, [user.id]);
    expect(n).toBe(1);
  });
});

describe('wrong codes during enrolment', () => {
  it('answers the wrong code that spends the budget at once (its notice once deadlocked with the enrolment lock)', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    await t.gql(START, {}, token);
    const answers: unknown[] = [];
    for (let i = 0; i < 11; i++) answers.push(code(await t.gql(CONFIRM, { code: String(300000 + i) }, token)));
    expect(answers).toEqual([...Array(10).fill('BAD_USER_INPUT'), 'RATE_LIMITED']);
  });
});

describe('recovery codes at sign-in', () => {
  it('does not use up a recovery code when its ticket is refused (expired, or taken by a parallel finish)', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const secret = (await t.gql(START, {}, token)).body.data.startTotpEnrolment.secret;
    const codes: string[] = (await t.gql(CONFIRM, { code: await totpCode(clock.now(), 0, secret) }, token)).body.data
      .confirmTotpEnrolment.recoveryCodes;
    const signIn = `mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { secondFactor { ticket } } }`;
    const withCode = `mutation ($t: String!, $c: String!) { signInWithCode(ticket: $t, code: $c) { token } }`;
    const ticket = (await t.gql(signIn, { e: user.email, p: TEST_PASSWORD })).body.data.signIn.secondFactor.ticket;
    clock.advanceSeconds(301); // the ticket lapses
    const refused = await t.gql(withCode, { t: ticket, c: codes[0] });
    expect(fieldOf(refused)).toBe('ticket');
    const next = (await t.gql(signIn, { e: user.email, p: TEST_PASSWORD })).body.data.signIn.secondFactor.ticket;
    const used = await t.gql(withCode, { t: next, c: codes[0] });
    expect(used.body.data.signInWithCode.token).toBeTruthy();

    // Two finishes of one ticket at the same moment: one session, and the loser's code stays unused.
    const shared = (await t.gql(signIn, { e: user.email, p: TEST_PASSWORD })).body.data.signIn.secondFactor.ticket;
    const racing = await Promise.all([1, 2].map((i) => t.gql(withCode, { t: shared, c: codes[i] })));
    const lost = racing.findIndex((r) => r.body.errors);
    expect(racing.filter((r) => r.body.data?.signInWithCode?.token)).toHaveLength(1);
    expect(fieldOf(racing[lost])).toBe('ticket');
    const again = (await t.gql(signIn, { e: user.email, p: TEST_PASSWORD })).body.data.signIn.secondFactor.ticket;
    const loserCode = await t.gql(withCode, { t: again, c: codes[lost + 1] });
    expect(loserCode.body.data.signInWithCode.token).toBeTruthy();
  });
});
