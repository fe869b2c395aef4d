import { randomBytes } from 'node:crypto';
import { UserType } from '../../modules/user/user.entity';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { CODE_IN_MAIL, startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { tinyPng } from '../../test/test-images';

/** Issue 36, sign-up, sign-in, codes, profile and the admin's users table: every answer as documented. */
const { answers, missingSuccesses } = contractSuite('auth');
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const email = () => `contract-${randomBytes(4).toString('hex')}@example.test`;

describe('sign-up and sign-in', () => {
  it('registers, verifies with the mailed code and signs in, with the refusals on the way', async () => {
    const address = email();
    const body = { fullName: 'Ada Lovelace', email: address, country: 'GB', password: 'first-pass-1' };
    const created = await answers(t.http.post('/api/user/create').send(body), 201);
    expect(created.body.data.emailVerifiedAt).toBeNull();
    await answers(t.http.post('/api/user/create').send({ ...body, email: address.toUpperCase() }), 409);
    await answers(t.http.post('/api/user/create').send({ ...body, email: 'bad' }), 422);

    await answers(t.http.post('/api/user/login').send({ email: address, password: 'first-pass-1' }), 403);
    const code = await smtp.waitFor(address, CODE_IN_MAIL);
    await answers(
      t.http.post('/api/auth/verify-email').send({ email: address, otp: code === '0000' ? '1111' : '0000' }),
      422,
    );
    const verified = await answers(t.http.post('/api/auth/verify-email').send({ email: address, otp: code }), 200);
    expect(verified.body.data.token).toEqual(expect.any(String));

    const session = await answers(
      t.http.post('/api/user/login').send({ email: address, password: 'first-pass-1' }),
      200,
    );
    expect(Object.keys(session.body.data)).toEqual(['token']);
    await answers(t.http.post('/api/user/login').send({ email: address, password: 'wrong-pass-1' }), 400);
    await answers(t.http.post('/api/user/login').send({ email: address }), 422);
    // An account with a second factor gets the challenge instead.
    const { user: admin } = await t.createUser(UserType.ADMIN);
    const challenge = await answers(
      t.http.post('/api/user/login').send({ email: admin.email, password: TEST_PASSWORD }),
      200,
    );
    expect(challenge.body.data).toMatchObject({ secondFactorRequired: true, methods: ['TOTP'] });
  });
});

describe('profile and password', () => {
  it('reads and edits the profile, changes the password, and resets it with a mailed code', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const me = await answers(t.http.get('/api/user').set(bearer(token)), 200);
    expect(me.body.data.email).toBe(user.email);
    await answers(t.http.get('/api/user'), 401);
    const edited = await answers(
      t.http.put('/api/user').set(bearer(token)).send({ city: 'London', dob: '1990-01-02', emailNotifications: false }),
      200,
    );
    expect(edited.body.data).toMatchObject({ city: 'London', dob: '1990-01-02', emailNotifications: false });
    await answers(t.http.put('/api/user').set(bearer(token)).send({ fullName: 'Al' }), 422);
    const picture = await t.http.post('/api/upload').set(bearer(token)).attach('file', tinyPng(), 'me.png');
    await answers(t.http.put('/api/user').set(bearer(token)).send({ profileImage: picture.body.data.id }), 200);
    const pictured = await answers(t.http.get('/api/user').set(bearer(token)), 200);
    expect(pictured.body.data.profileImage).toMatch(/^\/api\/upload\//);
    await answers(t.http.put('/api/user').send({ city: 'Paris' }), 401);

    await answers(
      t.http
        .put('/api/user/password')
        .set(bearer(token))
        .send({ oldPassword: 'not-the-one', newPassword: 'second-pass-2' }),
      422,
    );
    const changed = await answers(
      t.http
        .put('/api/user/password')
        .set(bearer(token))
        .send({ oldPassword: TEST_PASSWORD, newPassword: 'second-pass-2' }),
      200,
    );
    expect(changed.body.data.token).toEqual(expect.any(String));
    await answers(t.http.put('/api/user/password').send({ oldPassword: TEST_PASSWORD, newPassword: 'x-pass-12' }), 401);

    const resend = { email: user.email, activity: 'reset_password' };
    await answers(t.http.post('/api/auth/resendOTP').send(resend), 200);
    await answers(t.http.post('/api/auth/resendOTP').send(resend), 429);
    await answers(t.http.post('/api/auth/resendOTP').send({ ...resend, activity: 'nope' }), 422);
    const code = await smtp.waitFor(user.email, /password reset code is:? (\d{4,8})/);
    await answers(t.http.post('/api/auth/password/verify').send({ email: user.email, otp: 'abc' }), 422);
    const ticket = await answers(t.http.post('/api/auth/password/verify').send({ email: user.email, otp: code }), 200);
    const reset = { password: 'third-pass-3', token: ticket.body.data.token };
    await answers(t.http.put('/api/auth/password').send(reset), 200);
    await answers(t.http.put('/api/auth/password').send(reset), 422); // used once
  });
});

describe("the admin's users table", () => {
  it('lists and edits users, refusing investors, unknown ids and bad input', async () => {
    const admin = await t.createUser(UserType.ADMIN);
    const investor = await t.createUser(UserType.INVESTOR);
    const list = await answers(
      t.http.get(`/api/user/users?search=${encodeURIComponent(investor.user.email)}`).set(bearer(admin.token)),
      200,
    );
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([investor.user.id]);
    await answers(t.http.get('/api/user/users?premium=maybe').set(bearer(admin.token)), 400);
    await answers(t.http.get('/api/user/users').set(bearer(investor.token)), 403);
    await answers(t.http.get('/api/user/users'), 401);

    const edited = await answers(
      t.http.put(`/api/user/${investor.user.id}`).set(bearer(admin.token)).send({ city: 'Lagos', message: 'Hello' }),
      200,
    );
    expect(edited.body.data).toMatchObject({ city: 'Lagos', message: 'Hello' });
    await answers(t.http.put(`/api/user/${investor.user.id}`).set(bearer(admin.token)).send({ fullName: 'Al' }), 422);
    await answers(t.http.put(`/api/user/${randomUuid()}`).set(bearer(admin.token)).send({ city: 'Rome' }), 404);
    await answers(t.http.put(`/api/user/${investor.user.id}`).set(bearer(investor.token)).send({ city: 'Rome' }), 403);
  });
});

it('has called every auth and users operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
