import { randomBytes } from 'node:crypto';
import { OTP_RESEND_SECONDS } from '@cryptovest/common';
import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';

// "resend otp" within a minute answered "sent" and sent nothing (issue 14). The address itself,
// registered or not, gets one code a minute; inside the minute the answer is 429 with the wait.

let smtp: SmtpSink;
let clock: ManualClock;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const fresh = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const resend = (email: string, activity: 'verify_email' | 'reset_password') =>
  t.http.post('/api/auth/resendOTP').send({ email, activity });
/** Mails the sink received for `email` once every answer's background work is done. */
async function mailsTo(email: string): Promise<number> {
  await t.services.background.idle();
  return smtp.mails.filter((m) => m.to.includes(email) && CODE_IN_MAIL.test(m.raw)).length;
}

/** The refusal inside the minute, on REST, with `seconds` left. */
const refusal = (seconds: number) => ({
  errors: [
    {
      error: `Wait ${seconds} seconds before asking for a new code`,
      code: 'RATE_LIMITED',
      retryAfterSeconds: seconds,
    },
  ],
});

describe('resend otp: one code a minute per address', () => {
  it('refuses a resend right after sign-up with 429 and the seconds left, then sends one after the minute', async () => {
    const email = fresh('signup');
    const created = await t.http
      .post('/api/user/create')
      .send({ fullName: 'Grace Hopper', email, country: 'US', password: 'password-123' });
    expect(created.status).toBe(201);
    expect(await mailsTo(email)).toBe(1);

    const now = await resend(email, 'verify_email');
    expect(now.status).toBe(429);
    expect(now.headers['retry-after']).toBe(String(OTP_RESEND_SECONDS));
    expect(now.body).toEqual(refusal(OTP_RESEND_SECONDS));

    clock.advanceSeconds(18);
    const later = await resend(email, 'verify_email');
    expect(later.status).toBe(429);
    expect(later.headers['retry-after']).toBe('42');
    expect(later.body).toEqual(refusal(42));
    expect(await mailsTo(email)).toBe(1); // nothing was sent while refusing

    clock.advanceSeconds(42);
    const after = await resend(email, 'verify_email');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ data: { sent: true } });
    expect(await mailsTo(email)).toBe(2);
    // The minute starts again with that code.
    expect((await resend(email, 'verify_email')).body).toEqual(refusal(OTP_RESEND_SECONDS));
  });

  it('answers registered and unknown addresses alike, inside and outside the minute', async () => {
    const { user } = await t.createUser();
    const unknown = fresh('nobody');
    const first = [await resend(user.email, 'reset_password'), await resend(unknown, 'reset_password')];
    expect(first.map((r) => [r.status, r.body])).toEqual([
      [200, { data: { sent: true } }],
      [200, { data: { sent: true } }],
    ]);
    const second = [await resend(user.email, 'reset_password'), await resend(unknown, 'reset_password')];
    expect(second.map((r) => [r.status, r.headers['retry-after'], r.body])).toEqual([
      [429, '60', refusal(60)],
      [429, '60', refusal(60)],
    ]);
    expect(await mailsTo(user.email)).toBe(1);
    expect(await mailsTo(unknown)).toBe(0);
  });

  it('gives GraphQL callers the same refusal with retryAfterSeconds in the extensions', async () => {
    const { user } = await t.createUser();
    const ask = () =>
      t.gql('mutation($e: String!) { resendOtp(email: $e, activity: RESET_PASSWORD) }', { e: user.email });
    expect((await ask()).body).toEqual({ data: { resendOtp: true } });
    clock.advanceSeconds(59);
    const refused = await ask();
    expect(refused.body.errors[0]).toMatchObject({
      message: 'Wait 1 second before asking for a new code',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1 },
    });
  });

  it('counts each purpose on its own and an unverified sign-in as a send', async () => {
    const email = fresh('unverified');
    await t.http
      .post('/api/user/create')
      .send({ fullName: 'Ada Lovelace', email, country: 'GB', password: TEST_PASSWORD });
    // Another purpose has its own minute.
    expect((await resend(email, 'reset_password')).status).toBe(200);
    clock.advanceSeconds(OTP_RESEND_SECONDS);
    const signIn = await t.http.post('/api/user/login').send({ email, password: TEST_PASSWORD });
    expect(signIn.body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');
    expect(await mailsTo(email)).toBe(3); // sign-up, reset, sign-in
    expect((await resend(email, 'verify_email')).status).toBe(429);
    // Signing in again inside the minute sends nothing more.
    await t.http.post('/api/user/login').send({ email, password: TEST_PASSWORD });
    expect(await mailsTo(email)).toBe(3);
  });
});
