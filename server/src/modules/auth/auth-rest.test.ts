import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp } from '../../test/harness';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const email = () => `rest-${randomBytes(4).toString('hex')}@example.test`;

describe('sign-up and recovery through the REST paths alone (legacy client)', () => {
  it('registers, verifies with the mailed code, reads and edits the profile, changes and resets the password', async () => {
    const address = email();
    const created = await t.http
      .post('/api/user/create')
      .send({ fullName: 'Ada Lovelace', email: address, country: 'GB', password: 'first-pass-1' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      email: address,
      country: 'GB',
      type: 'investor',
      fullName: 'Ada Lovelace',
    });
    expect(created.body.data._id).toBe(created.body.data.id);
    expect(JSON.stringify(created.body)).not.toMatch(/password|argon2|codeHash/i);

    // Not verified yet: login refuses with a clear error (and mails a fresh code, throttled).
    const early = await t.http.post('/api/user/login').send({ email: address, password: 'first-pass-1' });
    expect(early.status).toBe(403);
    expect(early.body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');

    const code = await smtp.waitFor(address, CODE_IN_MAIL);
    const verified = await t.http.post('/api/auth/verify-email').send({ email: address, otp: code });
    expect(verified.status).toBe(200);
    const token = verified.body.data.token as string;
    expect(token.split('.')).toHaveLength(3);

    const me = await t.http.get('/api/user').set('authorization', `Bearer ${token}`);
    expect(me.body.data).toMatchObject({ email: address, type: 'investor' });
    expect(me.body.data.emailVerifiedAt).toBeTruthy();

    const edited = await t.http
      .put('/api/user')
      .set('authorization', `Bearer ${token}`)
      .send({ city: 'London', email: 'hijack@example.test', country: 'US', type: 'admin', balance: '999999' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ city: 'London', email: address, country: 'GB', type: 'investor' });

    const login = await t.http.post('/api/user/login').send({ email: address.toUpperCase(), password: 'first-pass-1' });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['data']);

    const wrongOld = await t.http
      .put('/api/user/password')
      .set('authorization', `Bearer ${token}`)
      .send({ oldPassword: 'not-the-one', newPassword: 'second-pass-2' });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.errors[0]).toMatchObject({ field: 'oldPassword', error: 'old password is incorrect' });

    const changed = await t.http
      .put('/api/user/password')
      .set('authorization', `Bearer ${token}`)
      .send({ oldPassword: 'first-pass-1', newPassword: 'second-pass-2' });
    expect(changed.status).toBe(200);
    await smtp.waitFor(address, /(password was changed)/);
    // The token from before the change no longer works; the new one does.
    expect((await t.http.get('/api/user').set('authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await t.http.get('/api/user').set('authorization', `Bearer ${changed.body.data.token}`)).status).toBe(200);

    // Reset through the mailed code.
    const before = smtp.mails.length;
    const resend = await t.http.post('/api/auth/resendOTP').send({ email: address, activity: 'reset_password' });
    expect(resend.body).toEqual({ data: { sent: true } });
    const resetCode = await smtp.waitFor(address, /password reset code is:? (\d{4})/);
    expect(smtp.mails.length).toBeGreaterThan(before);
    const ticket = await t.http.post('/api/auth/password/verify').send({ email: address, otp: resetCode });
    expect(ticket.status).toBe(200);
    const reset = await t.http
      .put('/api/auth/password')
      .send({ password: 'third-pass-3', token: ticket.body.data.token });
    expect(reset.body).toEqual({ data: { reset: true } });
    // Single use.
    expect(
      (await t.http.put('/api/auth/password').send({ password: 'fourth-pass-4', token: ticket.body.data.token }))
        .status,
    ).toBe(422);
    // Older sessions ended; the new password works, the old does not.
    expect((await t.http.get('/api/user').set('authorization', `Bearer ${changed.body.data.token}`)).status).toBe(401);
    expect((await t.http.post('/api/user/login').send({ email: address, password: 'second-pass-2' })).status).toBe(400);
    expect((await t.http.post('/api/user/login').send({ email: address, password: 'third-pass-3' })).status).toBe(200);
  });

  it('answers every registration rule with the spec wording, field by field', async () => {
    const res = await t.http
      .post('/api/user/create')
      .send({ fullName: 'Al', email: 'bad', country: '', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'fullName', error: 'name is too short', code: 'VALIDATION' },
      { field: 'email', error: 'Invalid email', code: 'VALIDATION' },
      { field: 'country', error: 'select your country', code: 'VALIDATION' },
      { field: 'password', error: 'password length should be a 8 or more', code: 'VALIDATION' },
    ]);
  });

  it('refuses a duplicate e-mail with 409 on the email field', async () => {
    const address = email();
    const body = { fullName: 'Dup Licate', email: address, country: 'NG', password: 'password-1' };
    expect((await t.http.post('/api/user/create').send(body)).status).toBe(201);
    const again = await t.http.post('/api/user/create').send({ ...body, email: address.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'email', code: 'CONFLICT' });
  });
});
