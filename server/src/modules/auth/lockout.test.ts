import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { totpCode } from '../../test/second-factor';
import { SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { UserType } from '../user/user.entity';

// Issue 33, "a stranger can lock any account, the admin's included, out of sign-in for 24 hours":
// ten wrong reset codes (knowing only the e-mail) used to spend the budget that second factors
// shared, so the owner's right password with the right authenticator code, recovery code or
// passkey all got 429. Each test performs that attack and shows the owner still signs in.

let smtp: SmtpSink;
let clock: ManualClock;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SIGN_IN = `mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { secondFactor { ticket } } }`;
const WITH_CODE = `mutation ($t: String!, $c: String!) { signInWithCode(ticket: $t, code: $c) { token } }`;

/** A wrong reset code for `email` from `ip` (the stranger knows only the address). */
const wrongResetCode = (email: string, ip: string) =>
  t.http.post('/api/auth/password/verify').set('x-forwarded-for', ip).send({ email, otp: '0000' });

/** Spends the account's whole day of e-mail codes from two addresses (5 each: the per-IP share). */
async function lockEmailCodes(email: string): Promise<void> {
  for (const ip of ['198.51.100.1', '198.51.100.2'])
    for (let i = 0; i < 5; i++) expect((await wrongResetCode(email, ip)).status).toBe(422);
  expect((await wrongResetCode(email, '198.51.100.3')).status).toBe(429);
}

/** An admin with an authenticator, a passkey and recovery codes, as the attack run found it. */
async function guardedAdmin() {
  const { user, token } = await t.createUser(UserType.ADMIN);
  const key = new SoftAuthenticator(t.services.config.webauthn.origin);
  const stepped = await t.gql(
    `mutation ($c: String!) { stepUpWithCode(code: $c) { token } }`,
    {
      c: await totpCode(clock.now()),
    },
    token,
  );
  const proven = stepped.body.data.stepUpWithCode.token;
  const options = (await t.gql(`mutation { passkeyRegistrationOptions }`, {}, proven)).body.data
    .passkeyRegistrationOptions;
  const added = await t.gql(
    `mutation ($r: String!) { addPasskey(name: "Laptop", response: $r) { session { token } } }`,
    { r: key.register(options) },
    proven,
  );
  const session = added.body.data.addPasskey.session.token;
  clock.advanceSeconds(30);
  const codes = (await t.gql(`mutation { regenerateRecoveryCodes }`, {}, session)).body.data
    .regenerateRecoveryCodes as string[];
  return { user, key, codes };
}

const ticket = async (email: string) =>
  (await t.gql(SIGN_IN, { e: email, p: TEST_PASSWORD })).body.data.signIn.secondFactor.ticket as string;

describe("a stranger's wrong e-mail codes never block the owner's sign-in", () => {
  it('lets the admin sign in with authenticator, recovery code and passkey after ten wrong reset codes', async () => {
    const { user, key, codes } = await guardedAdmin();
    await lockEmailCodes(user.email);

    clock.advanceSeconds(30);
    const withTotp = await t.gql(WITH_CODE, { t: await ticket(user.email), c: await totpCode(clock.now()) });
    expect(withTotp.body.data.signInWithCode.token).toBeTruthy();
    const withRecovery = await t.gql(WITH_CODE, { t: await ticket(user.email), c: codes[0] });
    expect(withRecovery.body.data.signInWithCode.token).toBeTruthy();
    const passkeyTicket = await ticket(user.email);
    const options = await t.http.post('/api/user/login/passkey/options').send({ ticket: passkeyTicket });
    const withPasskey = await t.http
      .post('/api/user/login/passkey')
      .send({ ticket: passkeyTicket, response: JSON.parse(key.assert(JSON.stringify(options.body.data))) });
    expect(withPasskey.status).toBe(200);
    const users = await t.http.get('/api/user/users').set('authorization', `Bearer ${withPasskey.body.data.token}`);
    expect(users.status).toBe(200);
  });

  it('slows only resets, and tells the owner that sign-in still works', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    await lockEmailCodes(user.email);
    const notice = await smtp.waitFor(user.email, /(you can still sign in with it and your second factor)/);
    expect(notice).toBeTruthy();
    const login = await t.http.post('/api/user/login').send({ email: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toBeTruthy();
  });

  it("gives one address only its strict share of an account's codes; another address still gets checked", async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    for (let i = 0; i < 5; i++) expect((await wrongResetCode(user.email, '203.0.113.9')).status).toBe(422);
    const refused = await wrongResetCode(user.email, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await wrongResetCode(user.email, '203.0.113.10')).status).toBe(422);
  });
});

describe('second-factor answers keep their own budget', () => {
  it('refuses codes after ten wrong ones behind the right password, mails the owner, and still takes a passkey', async () => {
    const { user, key } = await guardedAdmin();
    const open = await ticket(user.email);
    for (let i = 0; i < 10; i++) {
      const wrong = await t.gql(WITH_CODE, { t: open, c: String(200000 + i) });
      expect(wrong.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    clock.advanceSeconds(30);
    const right = await t.gql(WITH_CODE, { t: open, c: await totpCode(clock.now()) });
    expect(right.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    await smtp.waitFor(user.email, /(Someone may know your password)/);

    // Passkey answers can't be guessed: no budget of codes blocks them.
    const options = await t.http.post('/api/user/login/passkey/options').send({ ticket: open });
    const withPasskey = await t.http
      .post('/api/user/login/passkey')
      .send({ ticket: open, response: JSON.parse(key.assert(JSON.stringify(options.body.data))) });
    expect(withPasskey.status).toBe(200);
    // And a reset code is still checked (e-mail codes have their own budget).
    expect((await wrongResetCode(user.email, '192.0.2.1')).status).toBe(422);
  });
});
