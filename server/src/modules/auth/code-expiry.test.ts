import { randomBytes } from 'node:crypto';
import { OTP_RESEND_SECONDS } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { RESET_TICKET_MINUTES } from './auth.service';
import { OTP_TTL_MINUTES } from './otp.service';

// Ignoring the expiry of e-mail codes or of reset tickets passed every test (issue 14): both are
// checked here with a clock the test moves, just inside and just past the lifetime.

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

const EXPIRED = { field: 'otp', error: 'Invalid or expired code', code: 'VALIDATION' };

/** Registers an address and returns the verification code mailed to it. */
async function register(): Promise<{ email: string; code: string }> {
  const email = `expiry-${randomBytes(4).toString('hex')}@example.test`;
  const res = await t.http
    .post('/api/user/create')
    .send({ fullName: 'Katherine Johnson', email, country: 'US', password: 'password-123' });
  expect(res.status).toBe(201);
  await t.services.background.idle();
  return { email, code: await smtp.waitFor(email, CODE_IN_MAIL) };
}

/** Asks for a reset code (a minute after any earlier one) and returns it. */
async function resetCode(email: string): Promise<string> {
  clock.advanceSeconds(OTP_RESEND_SECONDS);
  const mine = () => smtp.mails.filter((m) => m.to.includes(email)).length;
  const before = mine();
  expect((await t.http.post('/api/auth/resendOTP').send({ email, activity: 'reset_password' })).status).toBe(200);
  await t.services.background.idle();
  expect(mine()).toBe(before + 1);
  return smtp.waitFor(email, /password reset code is:? (\d{4,8})/);
}

describe('e-mail codes expire', () => {
  it(`refuses the right code ${OTP_TTL_MINUTES} minutes and a second after it was sent`, async () => {
    const { email, code } = await register();
    clock.advanceSeconds(OTP_TTL_MINUTES * 60 + 1);
    const late = await t.http.post('/api/auth/verify-email').send({ email, otp: code });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual([EXPIRED]);
  });

  it('accepts the right code a second before it expires', async () => {
    const { email, code } = await register();
    clock.advanceSeconds(OTP_TTL_MINUTES * 60 - 1);
    const res = await t.http.post('/api/auth/verify-email').send({ email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it('expires reset codes the same way', async () => {
    const { user } = await t.createUser();
    const code = await resetCode(user.email);
    clock.advanceSeconds(OTP_TTL_MINUTES * 60 + 1);
    const late = await t.http.post('/api/auth/password/verify').send({ email: user.email, otp: code });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual([EXPIRED]);
  });
});

describe('reset tickets expire', () => {
  const ticketFor = async (email: string) => {
    const res = await t.http.post('/api/auth/password/verify').send({ email, otp: await resetCode(email) });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  };
  const reset = (token: string) => t.http.put('/api/auth/password').send({ password: 'a-new-password-1', token });

  it(`refuses a ticket ${RESET_TICKET_MINUTES} minutes and a second after the code was checked`, async () => {
    const { user } = await t.createUser();
    const token = await ticketFor(user.email);
    clock.advanceSeconds(RESET_TICKET_MINUTES * 60 + 1);
    const late = await reset(token);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual([
      {
        field: 'token',
        error: 'This reset link is invalid or has expired. Request a new code.',
        code: 'VALIDATION',
      },
    ]);
  });

  it('accepts a ticket a second before it expires', async () => {
    const { user } = await t.createUser();
    const token = await ticketFor(user.email);
    clock.advanceSeconds(RESET_TICKET_MINUTES * 60 - 1);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { reset: true } });
  });
});
