import { generate } from 'otplib';
import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { UserType } from '../user/user.entity';
import { AuthChallenges } from './challenges';
import { open } from './secret-box';

// Two-factor sign-in (issue 13): enrolment, sign-in with a code or a recovery code, replay,
// the shared budget of wrong codes, the legacy login, REST twins, and what a reset keeps.

let smtp: SmtpSink;
let clock: ManualClock;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url, OTP_MAX_FAILURES_PER_DAY: '10' }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The code an authenticator app with `secret` shows now (by the server's clock), `steps` steps on. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });

const SIGN_IN = `mutation ($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { session { token } secondFactor { ticket methods expiresAt } } }`;
const WITH_CODE = `mutation ($ticket: String!, $code: String!) { signInWithCode(ticket: $ticket, code: $code) { token user { id } } }`;
const START = `mutation { startTotpEnrolment { secret otpauthUrl qrCodeDataUrl } }`;
const CONFIRM = `mutation ($code: String!) { confirmTotpEnrolment(code: $code) { recoveryCodes session { token } } }`;
const STATUS = `{ mySecurity { totpEnabled recoveryCodesLeft required passkeys { id } } }`;

const kinds = async (userId: string): Promise<string[]> =>
  (await t.services.ds.query(`SELECT kind FROM mail_outbox WHERE user_id = $1 ORDER BY created_at`, [userId])).map(
    (r: { kind: string }) => r.kind,
  );
const audited = async (userId: string, action: string): Promise<number> =>
  (
    await t.services.ds.query(`SELECT count(*)::int AS n FROM audit_event WHERE subject_id = $1 AND action = $2`, [
      userId,
      action,
    ])
  )[0].n;

/** An investor with an authenticator enrolled through the API; its secret and recovery codes. */
async function enrolled() {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const started = (await t.gql(START, {}, token)).body.data.startTotpEnrolment;
  const confirmed = await t.gql(CONFIRM, { code: await codeAt(started.secret) }, token);
  clock.advanceSeconds(30); // the confirming code's step is used up
  return {
    user,
    secret: started.secret as string,
    recoveryCodes: confirmed.body.data.confirmTotpEnrolment.recoveryCodes as string[],
  };
}

async function ticketFor(email: string): Promise<string> {
  const res = await t.gql(SIGN_IN, { email, password: TEST_PASSWORD });
  expect(res.body.data.signIn.session).toBeNull();
  return res.body.data.signIn.secondFactor.ticket;
}

describe('enrolling an authenticator app', () => {
  it('shows a QR code and secret, activates only with a right code, then gives ten recovery codes once', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const started = (await t.gql(START, {}, token)).body.data.startTotpEnrolment;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    expect(started.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity.totpEnabled).toBe(false);

    const wrong = await t.gql(CONFIRM, { code: '000000' }, token);
    expect(wrong.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'code' }] });
    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity.totpEnabled).toBe(false);

    const ok = await t.gql(CONFIRM, { code: await codeAt(started.secret) }, token);
    const codes: string[] = ok.body.data.confirmTotpEnrolment.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Enrolling ended every older session, the enrolling one's token included: it goes on with the new one.
    expect((await t.gql(STATUS, {}, token)).status).toBe(401);
    const proven = ok.body.data.confirmTotpEnrolment.session.token;
    expect((await t.gql(STATUS, {}, proven)).body.data.mySecurity).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect(await kinds(user.id)).toContain('security_notice');
    expect(await audited(user.id, 'second_factor.totp_enrolled')).toBe(1);
  });

  it('stores the secret encrypted (bound to its owner) and the recovery codes hashed', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const [row] = await t.services.ds.query(`SELECT secret_enc FROM totp_factor WHERE user_id = $1`, [user.id]);
    expect(row.secret_enc).not.toContain(secret);
    expect(open(t.services.config.sealingKeys, row.secret_enc, user.id)).toBe(secret);
    expect(() => open(t.services.config.sealingKeys, row.secret_enc, 'another-user')).toThrow();
    const stored = (await t.services.ds.query(`SELECT code_hash FROM recovery_code WHERE user_id = $1`, [user.id])).map(
      (r: { code_hash: string }) => r.code_hash,
    );
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.join()).not.toContain(code.replace(/-/g, ''));
  });
});

describe("an admin looking at a user's second factors", () => {
  const ADMIN_STATUS = `query($userId: ID!) { adminUserSecurity(userId: $userId) { totpEnabled recoveryCodesLeft required passkeys { id name } } }`;

  it('shows whether an authenticator is on and how many recovery codes are left, to admins only', async () => {
    const { user } = await enrolled();
    const { user: plain, token: investorToken } = await t.createUser(UserType.INVESTOR);
    const { token: admin } = await t.createUser(UserType.ADMIN);
    const of = async (userId: string, token = admin) => t.gql(ADMIN_STATUS, { userId }, token);
    expect((await of(user.id)).body.data.adminUserSecurity).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      required: false,
      passkeys: [],
    });
    expect((await of(plain.id)).body.data.adminUserSecurity).toMatchObject({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    // An investor may not look at anyone's, not even their own, this way.
    const refused = await of(plain.id, investorToken);
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.body.data).toBeNull();
    // An unknown or malformed id is a 404 in words, never a 500.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await of(id);
      expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(missing.body.errors[0].message).toBe('User not found');
    }
  });
});

describe('signing in with a second factor', () => {
  it('asks for the second factor after the password, and signs in with the authenticator code', async () => {
    const { user, secret } = await enrolled();
    const res = await t.gql(SIGN_IN, { email: user.email, password: TEST_PASSWORD });
    expect(res.body.data.signIn.secondFactor.methods).toEqual(['TOTP', 'RECOVERY_CODE']);
    const session = await t.gql(WITH_CODE, {
      ticket: res.body.data.signIn.secondFactor.ticket,
      code: await codeAt(secret),
    });
    expect(session.body.data.signInWithCode.user.id).toBe(user.id);
    const me = await t.gql('{ me { id } }', {}, session.body.data.signInWithCode.token);
    expect(me.body.data.me.id).toBe(user.id);
  });

  it('accepts each code once: the same code again (a replay) is refused, the next step works', async () => {
    const { user, secret } = await enrolled();
    const code = await codeAt(secret);
    expect(
      (await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code })).body.data.signInWithCode.token,
    ).toBeTruthy();
    const replay = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code });
    expect(replay.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // Nor is an older step, still inside the tolerance window, once a later one was used.
    const older = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: await codeAt(secret, -1) });
    expect(older.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    clock.advanceSeconds(30);
    const next = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: await codeAt(secret) });
    expect(next.body.data.signInWithCode.token).toBeTruthy();
  });

  it('lets two parallel sign-ins with the same code produce one session only', async () => {
    const { user, secret } = await enrolled();
    const code = await codeAt(secret);
    const tickets = [await ticketFor(user.email), await ticketFor(user.email)];
    const results = await Promise.all(tickets.map((ticket) => t.gql(WITH_CODE, { ticket, code })));
    expect(results.filter((r) => r.body.data?.signInWithCode?.token).length).toBe(1);
  });

  it('uses a ticket once and refuses it after five minutes', async () => {
    const { user, secret } = await enrolled();
    const ticket = await ticketFor(user.email);
    expect((await t.gql(WITH_CODE, { ticket, code: await codeAt(secret) })).body.data.signInWithCode).toBeTruthy();
    clock.advanceSeconds(30);
    const again = await t.gql(WITH_CODE, { ticket, code: await codeAt(secret) });
    expect(again.body.errors[0].extensions.fields).toEqual([
      { field: 'ticket', message: 'This sign-in step has expired. Enter your password again.' },
    ]);
    const late = await ticketFor(user.email);
    clock.advanceSeconds(301);
    const expired = await t.gql(WITH_CODE, { ticket: late, code: await codeAt(secret) });
    expect(expired.body.errors[0].extensions.fields[0].field).toBe('ticket');
  });

  it('hands a ticket to one finisher only, even when two check it at the same moment', async () => {
    const { user } = await enrolled();
    const challenges = new AuthChallenges(t.services.ds, clock);
    const { ticket } = await challenges.openTicket(user.id);
    const open = await challenges.ticket(ticket);
    // Both finishers read the ticket as open before either used it (the race a parallel sign-in runs).
    const [first, second] = [await challenges.useTicket(open.id), await challenges.useTicket(open.id)];
    expect([first, second]).toEqual([true, false]);
  });

  it('signs in with a recovery code once, mails the owner and counts what is left', async () => {
    const { user, recoveryCodes } = await enrolled();
    const spoken = recoveryCodes[3].toUpperCase().replace(/-/g, ' '); // typed from paper: case and spaces vary
    const res = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: spoken });
    const token = res.body.data.signInWithCode.token;
    expect(token).toBeTruthy();
    const again = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: recoveryCodes[3] });
    expect(again.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity.recoveryCodesLeft).toBe(9);
    expect(await audited(user.id, 'second_factor.recovery_code_used')).toBe(1);
    expect((await kinds(user.id)).filter((k) => k === 'security_notice')).toHaveLength(2); // enrolled + code used
  });

  it('spends the account budget of wrong second-factor codes: the eleventh try is refused even with the right code', async () => {
    const { user, secret } = await enrolled();
    const ticket = await ticketFor(user.email);
    for (let i = 0; i < 10; i++) {
      const res = await t.gql(WITH_CODE, { ticket, code: String(100000 + i) });
      expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const right = await t.gql(WITH_CODE, { ticket, code: await codeAt(secret) });
    expect(right.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(await audited(user.id, 'second_factor.failed')).toBe(10);
    expect(await audited(user.id, 'second_factor.locked')).toBe(1);
    expect(await kinds(user.id)).toContain('second_factor_locked');
    // E-mail codes keep their own budget (issue 33): a reset code is checked, and only found wrong.
    const reset = await t.http.post('/api/auth/password/verify').send({ email: user.email, otp: '1234' });
    expect(reset.status).toBe(422);
  });

  it('keeps the legacy one-step login for accounts without a second factor, refuses it for the others', async () => {
    const { user: plain } = await t.createUser(UserType.INVESTOR);
    const legacy = await t.http.post('/api/user/login').send({ email: plain.email, password: TEST_PASSWORD });
    expect(legacy.status).toBe(200);
    expect(Object.keys(legacy.body.data)).toEqual(['token']);
    const gqlLegacy = await t.gql(
      `mutation { login(email: "${plain.email}", password: "${TEST_PASSWORD}") { token } }`,
    );
    expect(gqlLegacy.body.data.login.token).toBeTruthy();

    const { user } = await enrolled();
    const refused = await t.gql(`mutation { login(email: "${user.email}", password: "${TEST_PASSWORD}") { token } }`);
    expect(refused.body.errors[0].extensions.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(refused.body.data.login).toBeNull();
  });

  it('works over REST: password -> ticket -> code -> token', async () => {
    const { user, secret } = await enrolled();
    const first = await t.http.post('/api/user/login').send({ email: user.email, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ secondFactorRequired: true, methods: ['TOTP', 'RECOVERY_CODE'] });
    expect(first.body.data.token).toBeUndefined();
    const wrong = await t.http
      .post('/api/user/login/second-factor')
      .send({ ticket: first.body.data.ticket, code: '123456' });
    expect(wrong.status).toBe(422);
    const second = await t.http
      .post('/api/user/login/second-factor')
      .send({ ticket: first.body.data.ticket, code: await codeAt(secret) });
    expect(second.status).toBe(200);
    const me = await t.http.get('/api/user').set('authorization', `Bearer ${second.body.data.token}`);
    expect(me.body.data.email).toBe(user.email);
  });

  it('answers malformed passkey answers with 422, never 500, and audits them', async () => {
    const { user } = await enrolled();
    const { token } = await t.createUser(UserType.INVESTOR);
    for (const response of ['not json', '{}', '{"id":"x","response":{}}', 'null']) {
      const add = await t.gql(
        `mutation ($r: String!) { addPasskey(name: "Laptop", response: $r) { passkey { id } } }`,
        { r: response },
        token,
      );
      expect(add.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const ticket = await ticketFor(user.email);
    const options = await t.http.post('/api/user/login/passkey/options').send({ ticket });
    expect(options.status).toBe(409); // this account has no passkey
    const garbage = await t.http
      .post('/api/user/login/passkey')
      .send({ ticket, response: { id: 'abc', response: {} } });
    expect(garbage.status).toBe(422);
    expect(await audited(user.id, 'second_factor.failed')).toBe(1);
  });
});

describe('changing and losing the second factor', () => {
  it('turns the authenticator off only with a current code, mails the owner, and then signs in with the password alone', async () => {
    const { user, secret } = await enrolled();
    const session = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: await codeAt(secret) });
    const token = session.body.data.signInWithCode.token;
    clock.advanceSeconds(30);
    const refused = await t.gql(`mutation { disableTotp(code: "000000") { security { totpEnabled } } }`, {}, token);
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await t.gql(STATUS, {}, token)).body.data.mySecurity.totpEnabled).toBe(true);
    const off = await t.gql(
      `mutation ($c: String!) { disableTotp(code: $c) { security { totpEnabled recoveryCodesLeft } } }`,
      { c: await codeAt(secret) },
      token,
    );
    expect(off.body.data.disableTotp.security).toEqual({ totpEnabled: false, recoveryCodesLeft: 0 });
    expect(await audited(user.id, 'second_factor.totp_disabled')).toBe(1);
    const plain = await t.gql(SIGN_IN, { email: user.email, password: TEST_PASSWORD });
    expect(plain.body.data.signIn.session.token).toBeTruthy();
  });

  it('keeps the second factor through a password reset', async () => {
    const { user, secret } = await enrolled();
    clock.advanceSeconds(61); // past the resend throttle
    await t.http.post('/api/auth/resendOTP').send({ email: user.email, activity: 'reset_password' });
    await t.services.background.idle();
    const otp = await smtp.waitFor(user.email, CODE_IN_MAIL);
    const ticket = await t.http.post('/api/auth/password/verify').send({ email: user.email, otp });
    const reset = await t.http
      .put('/api/auth/password')
      .send({ password: 'a-new-password-1', token: ticket.body.data.token });
    expect(reset.status).toBe(200);
    const res = await t.gql(SIGN_IN, { email: user.email, password: 'a-new-password-1' });
    expect(res.body.data.signIn.session).toBeNull();
    const done = await t.gql(WITH_CODE, {
      ticket: res.body.data.signIn.secondFactor.ticket,
      code: await codeAt(secret),
    });
    expect(done.body.data.signInWithCode.token).toBeTruthy();
  });

  it('refuses authenticator codes as wrong (not a 500) after TOTP_ENCRYPTION_KEY changed; recovery codes still work', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const rekeyed = await startTestApp({ TOTP_ENCRYPTION_KEY: 'cd'.repeat(32) }, { clock });
    try {
      const signIn = (app: TestApp) => app.gql(SIGN_IN, { email: user.email, password: TEST_PASSWORD });
      const ticket = (await signIn(rekeyed)).body.data.signIn.secondFactor.ticket;
      const code = await rekeyed.gql(WITH_CODE, { ticket, code: await codeAt(secret) });
      expect(code.status).toBe(200);
      expect(code.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const recovered = await rekeyed.gql(WITH_CODE, { ticket, code: recoveryCodes[0] });
      expect(recovered.body.data.signInWithCode.token).toBeTruthy();
    } finally {
      await rekeyed.close();
    }
  });

  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const token = (await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: await codeAt(secret) })).body
      .data.signInWithCode.token;
    const fresh = await t.gql(
      `mutation ($c: String!) { regenerateRecoveryCodes(code: $c) }`,
      { c: recoveryCodes[0] },
      token,
    );
    const codes: string[] = fresh.body.data.regenerateRecoveryCodes;
    expect(codes).toHaveLength(10);
    const old = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: recoveryCodes[1] });
    expect(old.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const ok = await t.gql(WITH_CODE, { ticket: await ticketFor(user.email), code: codes[1] });
    expect(ok.body.data.signInWithCode.token).toBeTruthy();
  });
});
