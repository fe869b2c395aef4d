import { randomBytes } from 'node:crypto';
import { Account } from '../account/account.entity';
import { User, UserType } from '../user/user.entity';
import { startTestApp, TestApp } from '../../test/harness';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // The per-code limit (5 wrong tries kill a code) is what these tests watch: the per-(account, IP)
  // share of the e-mail code budget (5 an hour by default) is lifted so it doesn't answer first.
  t = await startTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_LOGIN_FAILURES: '5',
    OTP_MAX_FAILURES_PER_ACCOUNT_IP: '100',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { id email } }`;
const VERIFY = `mutation($email: String!, $otp: String!) { verifyEmail(email: $email, otp: $otp) { token user { id email type } } }`;

async function registered(): Promise<{ email: string; code: string }> {
  const email = `gql-${randomBytes(4).toString('hex')}@example.test`;
  const res = await t.gql(REGISTER, {
    input: { fullName: 'Grace Hopper', email, country: 'US', password: 'password-123' },
  });
  expect(res.body.errors).toBeUndefined();
  return { email, code: await smtp.waitFor(email, CODE_IN_MAIL) };
}

const wrong = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

describe('sign-up and recovery through GraphQL alone', () => {
  it('registers, verifies, credits the signup bonus once as a ledger entry, logs in, resets', async () => {
    const { email, code } = await registered();
    const v = await t.gql(VERIFY, { email, otp: code });
    expect(v.body.data.verifyEmail.user).toMatchObject({ email, type: 'INVESTOR' });
    const userId = v.body.data.verifyEmail.user.id;
    const account = await t.services.ds.getRepository(Account).findOneByOrFail({ userId });
    expect(account.balance).toBe('100.00000');
    const entries = await t.services.ds.query(
      `SELECT bucket, delta, reason FROM ledger_entry WHERE account_id = $1 ORDER BY id`,
      [account.id],
    );
    expect(entries).toEqual([
      { bucket: 'balance', delta: '100.00000', reason: 'SIGNUP_BONUS' },
      { bucket: 'lockedBonus', delta: '100.00000', reason: 'BONUS_LOCKED' },
    ]);
    // A second verification (a replayed code) neither succeeds nor pays twice.
    expect((await t.gql(VERIFY, { email, otp: code })).body.errors[0].message).toBe('Invalid or expired code');

    const login = await t.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', {
      e: email,
      p: 'password-123',
    });
    expect(login.body.data.login.token).toBeTruthy();

    await t.gql('mutation($e: String!) { resendOtp(email: $e, activity: RESET_PASSWORD) }', { e: email });
    const resetCode = await smtp.waitFor(email, /password reset code is:? (\d{4})/);
    const ticket = await t.gql('mutation($e: String!, $o: String!) { verifyResetCode(email: $e, otp: $o) { token } }', {
      e: email,
      o: resetCode,
    });
    const reset = await t.gql('mutation($p: String!, $t: String!) { resetPassword(password: $p, token: $t) }', {
      p: 'brand-new-pass',
      t: ticket.body.data.verifyResetCode.token,
    });
    expect(reset.body.data.resetPassword).toBe(true);
    expect((await t.gql('{ me { id } }', {}, login.body.data.login.token)).status).toBe(401);
  });
});

describe('attacks that fail', () => {
  it('puts no registrant text into mails to an address nobody has proven yet', async () => {
    const email = `phish-${randomBytes(4).toString('hex')}@example.test`;
    const fullName = 'customer. URGENT: confirm your wallet at https://evil.example/now';
    await t.gql(REGISTER, { input: { fullName, email, country: 'US', password: 'password-123' } });
    await smtp.waitFor(email, CODE_IN_MAIL);
    await t.services.background.idle();
    const mails = smtp.mails.filter((m) => m.to.includes(email)).map((m) => m.raw);
    expect(mails.length).toBeGreaterThan(0);
    for (const raw of mails) expect(raw).not.toMatch(/URGENT|evil\.example|customer\./);
    expect(mails[0]).toMatch(/Hello,/);
  });

  it('refuses the right code on the 6th try after 5 wrong ones', async () => {
    const { email, code } = await registered();
    for (let i = 0; i < 5; i++) {
      expect((await t.gql(VERIFY, { email, otp: wrong(code) })).body.errors[0].message).toBe('Invalid or expired code');
    }
    const sixth = await t.gql(VERIFY, { email, otp: code });
    expect(sixth.body.errors[0].message).toBe('Invalid or expired code');
    expect(sixth.body.data.verifyEmail).toBeNull();
  });

  it('counts 20 aliased verify mutations in one request as 20 tries', async () => {
    const { email, code } = await registered();
    // Five wrong codes, then the right code fifteen times: every alias runs and spends a try.
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `v${i}: verifyEmail(email: $email, otp: "${i < 5 ? wrong(code) : code}") { token }`,
    ).join('\n');
    const res = await t.gql(`mutation($email: String!) { ${aliases} }`, { email });
    expect(res.body.errors).toHaveLength(20);
    expect(Object.values(res.body.data)).toEqual(Array(20).fill(null));
    const [row] = await t.services.ds.query(
      `SELECT o.attempts, o.consumed_at IS NOT NULL AS dead FROM otp_code o JOIN app_user u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.created_at DESC LIMIT 1`,
      [email],
    );
    expect(row).toEqual({ attempts: 5, dead: true });
    // Ten failed checks spent the account's daily code budget: even the right code is refused now.
    expect((await t.gql(VERIFY, { email, otp: code })).body.errors[0].message).toMatch(/^Too many attempts/);
  });

  it('counts parallel verify requests per account, not per request', async () => {
    const { email, code } = await registered();
    const results = await Promise.all(Array.from({ length: 8 }, () => t.gql(VERIFY, { email, otp: wrong(code) })));
    expect(results.every((r) => r.body.errors)).toBe(true);
    expect((await t.gql(VERIFY, { email, otp: code })).body.errors[0].message).toBe('Invalid or expired code');
  });

  it('refuses a token issued before a password change', async () => {
    const { token } = await t.createUser();
    const changed = await t.gql(
      'mutation { changePassword(oldPassword: "password123", newPassword: "password456") { token } }',
      {},
      token,
    );
    expect(changed.body.data.changePassword.token).toBeTruthy();
    expect((await t.gql('{ me { id } }', {}, token)).status).toBe(401);
    expect((await t.gql('{ me { id } }', {}, changed.body.data.changePassword.token)).status).toBe(200);
  });

  it("gives an investor's token 403 on admin paths", async () => {
    const { token } = await t.createUser();
    expect((await t.http.get('/api/user/users').set('authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await t.gql('{ users { total } }', {}, token)).status).toBe(403);
  });

  it('changes nothing when a profile update carries type, email or balances', async () => {
    const { user, token } = await t.createUser();
    const rest = await t.http
      .put('/api/user')
      .set('authorization', `Bearer ${token}`)
      .send({
        data: {
          type: 'admin',
          email: 'owned@example.test',
          country: 'RU',
          balance: '1000000',
          isPremium: true,
          fullName: 'Still Me',
        },
      });
    expect(rest.status).toBe(200);
    const gqlTry = await t.gql(
      'mutation { updateProfile(input: { fullName: "Still Me", type: ADMIN }) { id } }',
      {},
      token,
    );
    expect(gqlTry.status).toBe(400); // not in the input type at all
    const after = await t.services.ds.getRepository(User).findOneByOrFail({ id: user.id });
    expect(after).toMatchObject({
      type: UserType.INVESTOR,
      email: user.email,
      country: user.country,
      isPremium: false,
      fullName: 'Still Me',
    });
    expect((await t.services.ds.getRepository(Account).findOneByOrFail({ userId: user.id })).balance).toBe('0.00000');
  });

  it('answers a reset request for an unknown e-mail exactly like a known one', async () => {
    const { user } = await t.createUser();
    const known = await t.http.post('/api/auth/resendOTP').send({ email: user.email, activity: 'reset_password' });
    const unknown = await t.http
      .post('/api/auth/resendOTP')
      .send({ email: `nobody-${Date.now()}@example.test`, activity: 'reset_password' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // Fresh addresses: each may ask once a minute (code-resend.test.ts).
    const other = await t.createUser();
    const gKnown = await t.gql('mutation($e: String!) { resendOtp(email: $e, activity: RESET_PASSWORD) }', {
      e: other.user.email,
    });
    const gUnknown = await t.gql('mutation($e: String!) { resendOtp(email: $e, activity: RESET_PASSWORD) }', {
      e: `ghost-${Date.now()}@example.test`,
    });
    expect(gUnknown.body).toEqual(gKnown.body);
    const badCodeKnown = await t.http.post('/api/auth/password/verify').send({ email: user.email, otp: '0000' });
    const badCodeUnknown = await t.http
      .post('/api/auth/password/verify')
      .send({ email: 'ghost@example.test', otp: '0000' });
    expect(badCodeUnknown.status).toBe(badCodeKnown.status);
    expect(badCodeUnknown.body).toEqual(badCodeKnown.body);
  });

  it('locks an account after repeated wrong passwords, across requests', async () => {
    const { user } = await t.createUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.http.post('/api/user/login').send({ email: user.email, password: 'wrong-password' })).status,
      ).toBe(400);
    }
    const locked = await t.http.post('/api/user/login').send({ email: user.email, password: 'password123' });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].error).toMatch(/Too many attempts/);
  });

  it('never returns a password hash or a code in any response', async () => {
    const email = `leak-${randomBytes(4).toString('hex')}@example.test`;
    const bodies: string[] = [];
    bodies.push(
      JSON.stringify(
        (
          await t.http
            .post('/api/user/create')
            .send({ fullName: 'Leak Check', email, country: 'FR', password: 'password-xyz' })
        ).body,
      ),
    );
    const code = await smtp.waitFor(email, CODE_IN_MAIL);
    bodies.push(
      JSON.stringify((await t.http.post('/api/auth/resendOTP').send({ email, activity: 'verify_email' })).body),
    );
    const verified = await t.http.post('/api/auth/verify-email').send({ email, otp: code });
    bodies.push(JSON.stringify(verified.body));
    bodies.push(
      JSON.stringify((await t.http.get('/api/user').set('authorization', `Bearer ${verified.body.data.token}`)).body),
    );
    for (const b of bodies) {
      expect(b).not.toMatch(/argon2|passwordHash|password_hash|codeHash|code_hash/);
      expect(b).not.toContain(`"${code}"`);
    }
  });

  it('writes audit events for logins, failures, codes, verification and password changes, without secrets', async () => {
    const { email, code } = await registered();
    await t.services.background.idle(); // mail.sent is recorded just after the SMTP server took the mail
    await t.gql(VERIFY, { email, otp: code });
    await t.http.post('/api/user/login').send({ email, password: 'wrong-password' });
    await t.http.post('/api/user/login').send({ email, password: 'password-123' });
    const rows: { action: string; metadata: object }[] = await t.services.ds.query(
      `SELECT a.action, a.metadata FROM audit_event a JOIN app_user u ON u.id::text = a.subject_id WHERE u.email = $1 ORDER BY a.id`,
      [email],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'user.register',
      'otp.issued',
      'mail.queued',
      'mail.sent',
      'user.email_verified',
      'login.failure',
      'login.success',
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/password-123|wrong-password|\b\d{4}\b.*otp/);
  });
});
