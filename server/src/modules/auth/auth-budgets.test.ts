import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';

// Attacks on the sign-in budgets (issue 10): code guessing across resends, parallel password
// guessing on one and two instances, and strangers trying to lock the owner out.

let smtp: SmtpSink;
let clock: ManualClock;
let a: TestApp;
let b: TestApp;
const limits = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_LOGIN_FAILURES: '10',
  RATE_LIMIT_LOGIN_FAILURES_ACCOUNT: '25',
  OTP_MAX_FAILURES_PER_DAY: '10',
  // These tests guess from one address: its strict per-(account, IP) share is lockout.test.ts's.
  OTP_MAX_FAILURES_PER_ACCOUNT_IP: '100',
};
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  a = await startTestApp({ SMTP_URL: smtp.url, ...limits }, { clock });
  b = await startTestApp({ SMTP_URL: smtp.url, ...limits }, { clock });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await smtp.close();
});

const wrong = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');
const DAY_S = 24 * 3600;

async function resend(email: string, activity: 'reset_password' | 'verify_email'): Promise<string> {
  clock.advanceSeconds(61); // past the once-a-minute resend throttle
  const res = await a.http.post('/api/auth/resendOTP').send({ email, activity });
  expect(res.status).toBe(200);
  await a.services.background.idle(); // the mail is sent after the answer
  return smtp.waitFor(email, CODE_IN_MAIL);
}

const resetCheck = (email: string, otp: string) => a.http.post('/api/auth/password/verify').send({ email, otp });

describe('e-mail codes: one failure budget per account, across codes and purposes', () => {
  it('refuses the right fourth code after three cycles of resend + 5 wrong codes, mails the owner, audits it', async () => {
    const { user } = await a.createUser();
    for (let cycle = 0; cycle < 3; cycle++) {
      const code = await resend(user.email, 'reset_password');
      for (let i = 0; i < 5; i++) {
        const res = await resetCheck(user.email, wrong(code));
        expect([422, 429]).toContain(res.status);
      }
    }
    const fourth = await resend(user.email, 'reset_password').catch(() => null);
    // No new code is even sent while the budget is spent; the right one of the last mail is refused.
    const newest = fourth ?? (await smtp.waitFor(user.email, CODE_IN_MAIL));
    const refused = await resetCheck(user.email, newest);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].error).toMatch(/Too many attempts\. Try again in 2[34] hours/);

    const notice = await smtp.waitFor(user.email, /(accept no code until [^\n.]+)/);
    expect(notice).toBeTruthy();
    const audit = await a.services.ds.query(
      `SELECT count(*)::int AS n FROM audit_event WHERE action = 'otp.locked' AND subject_id = $1`,
      [user.id],
    );
    expect(audit[0].n).toBe(1); // exactly once, however many refusals follow

    // The window ends: a fresh code works again.
    clock.advanceSeconds(DAY_S + 1);
    const fresh = await resend(user.email, 'reset_password');
    const ok = await resetCheck(user.email, fresh);
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toBeTruthy();
  });

  it('shares the budget between verify-email and reset codes, and counts parallel guesses before checking', async () => {
    const email = `budget-${randomBytes(4).toString('hex')}@example.test`;
    await a.http
      .post('/api/user/create')
      .send({ fullName: 'Budget Test', email, country: 'GB', password: 'password-123' });
    const code = await smtp.waitFor(email, CODE_IN_MAIL);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).http.post('/api/auth/verify-email').send({ email, otp: wrong(code) }),
      ),
    );
    expect(guesses.filter((r) => r.status === 422)).toHaveLength(10); // checked: exactly the budget
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(20);
    // The reset purpose is locked too.
    expect((await resetCheck(email, '0000')).status).toBe(429);
    expect((await a.http.post('/api/auth/verify-email').send({ email, otp: code })).status).toBe(429);
  });

  it('answers an unknown e-mail exactly like a known one, budget included', async () => {
    const { user } = await a.createUser();
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.test`;
    for (let i = 0; i < 11; i++) {
      const known = await resetCheck(user.email, '0000');
      const unknown = await resetCheck(ghost, '0000');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
    }
  });
});

describe('passwords: the budget is taken before the password is checked', () => {
  const login = (app: TestApp, email: string, password: string, ip = '203.0.113.7') =>
    app.http.post('/api/user/login').set('x-forwarded-for', ip).send({ email, password });

  async function checkedPasswords(userId: string): Promise<number> {
    const [row] = await a.services.ds.query(
      `SELECT count(*)::int AS n FROM audit_event WHERE action IN ('login.failure', 'login.success') AND subject_id = $1`,
      [userId],
    );
    return row.n;
  }

  it.each([
    ['one instance', () => [a]],
    ['two instances', () => [a, b]],
  ])('40 parallel guesses on %s verify at most 10 passwords; the right one after that gets 429', async (_n, apps) => {
    const { user } = await a.createUser();
    const instances = apps();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(instances[i % instances.length], user.email, i === 19 ? TEST_PASSWORD : `wrong-password-${i}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(await checkedPasswords(user.id)).toBeLessThanOrEqual(10);
    if (statuses[19] === 200) {
      // The right password was among the first ten checked: a legitimate sign-in, not a bypass.
      expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    } else {
      expect((await login(a, user.email, TEST_PASSWORD)).status).toBe(429);
    }
  });

  it('a stranger guessing from one IP does not lock out the owner on another', async () => {
    const { user } = await a.createUser();
    for (let i = 0; i < 12; i++) await login(a, user.email, 'not-the-password', '198.51.100.1');
    expect((await login(a, user.email, TEST_PASSWORD, '198.51.100.1')).status).toBe(429);
    expect((await login(a, user.email, TEST_PASSWORD, '192.0.2.55')).status).toBe(200);
  });

  it('many IPs together hit the account-wide limit; the owner recovers through a reset', async () => {
    const { user } = await a.createUser();
    for (let ip = 1; ip <= 3; ip++)
      for (let i = 0; i < 9; i++) await login(a, user.email, 'not-the-password', `198.51.100.${10 + ip}`);
    // 27 failures > 25 account-wide: refused even from the owner's own, fresh IP.
    const owner = await login(a, user.email, TEST_PASSWORD, '192.0.2.99');
    expect(owner.status).toBe(429);

    const code = await resend(user.email, 'reset_password');
    const ticket = await resetCheck(user.email, code);
    expect(ticket.status).toBe(200);
    const reset = await a.http
      .put('/api/auth/password')
      .send({ password: 'a-new-password', token: ticket.body.data.token });
    expect(reset.status).toBe(200);
    expect((await login(a, user.email, 'a-new-password', '192.0.2.99')).status).toBe(200);
  });

  it('old-password checks of a password change spend the same budget as logins', async () => {
    const { user, token } = await a.createUser();
    for (let i = 0; i < 10; i++) {
      const res = await a.http
        .put('/api/user/password')
        .set('authorization', `Bearer ${token}`)
        .set('x-forwarded-for', '203.0.113.50')
        .send({ oldPassword: `wrong-old-${i}`, newPassword: 'whatever-new-1', confirmPassword: 'whatever-new-1' });
      expect(res.status).toBe(422);
    }
    expect((await login(a, user.email, TEST_PASSWORD, '203.0.113.50')).status).toBe(429);
  });
});
