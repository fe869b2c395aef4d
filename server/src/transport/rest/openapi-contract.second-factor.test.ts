import { UserType } from '../../modules/user/user.entity';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { bearer, contractSuite } from '../../test/openapi-contract-suite';
import { totpCode } from '../../test/second-factor';
import { SoftAuthenticator } from '../../test/soft-authenticator';

/** Issue 36, two-factor sign-in, set-up and step-up: every answer as documented. */
const { answers, missingSuccesses } = contractSuite('second-factor');
/** Moved 30 s between uses of one authenticator, so no code is refused as replayed. */
const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

/** The ticket of a password sign-in of an account with a second factor. */
async function ticketFor(email: string): Promise<string> {
  const res = await answers(t.http.post('/api/user/login').send({ email, password: TEST_PASSWORD }), 200);
  expect(res.body.data.secondFactorRequired).toBe(true);
  return res.body.data.ticket;
}

/** An investor with a passkey added through the API (GraphQL: REST has no path for adding one). */
async function investorWithPasskey() {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const key = new SoftAuthenticator(t.services.config.webauthn.origin);
  const options = await t.gql(`mutation { passkeyRegistrationOptions }`, {}, token);
  const added = await t.gql(
    `mutation ($r: String!) { addPasskey(name: "Laptop", response: $r) { session { token } } }`,
    { r: key.register(options.body.data.passkeyRegistrationOptions) },
    token,
  );
  expect(added.body.errors).toBeUndefined();
  return { user, key, token: added.body.data.addPasskey.session.token as string };
}

describe('authenticator app', () => {
  it('sets one up, signs in and steps up with its codes', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const before = await answers(t.http.get('/api/user/security').set(bearer(token)), 200);
    expect(before.body.data).toMatchObject({ totpEnabled: false, required: false, passkeys: [] });
    await answers(t.http.get('/api/user/security'), 401);
    await answers(t.http.post('/api/user/security/step-up').set(bearer(token)).send({ code: '123456' }), 409);
    await answers(t.http.post('/api/user/security/step-up/passkey/options').set(bearer(token)), 409);
    await answers(t.http.post('/api/user/security/enrolment-code').set(bearer(token)), 409); // investors need none

    const started = await answers(t.http.post('/api/user/security/totp').set(bearer(token)), 201);
    const confirm = (code: string) => t.http.post('/api/user/security/totp/confirm').set(bearer(token)).send({ code });
    await answers(confirm('000000'), 422);
    const confirmed = await answers(confirm(await totpCode(clock.now(), 0, started.body.data.secret)), 200);
    expect(confirmed.body.data.recoveryCodes).toHaveLength(10);
    await answers(t.http.post('/api/user/security/totp').set(bearer(confirmed.body.data.token)), 409);
    await answers(t.http.post('/api/user/security/totp').send({}), 401);

    const admin = await t.createUser(UserType.ADMIN);
    await answers(t.http.post('/api/user/security/step-up').set(bearer(admin.token)).send({ code: '000000' }), 422);
    await answers(
      t.http
        .post('/api/user/security/step-up')
        .set(bearer(admin.token))
        .send({ code: await totpCode(clock.now()) }),
      200,
    );
    clock.advanceSeconds(30);
    const ticket = await ticketFor(admin.user.email);
    const finish = (code: string) => t.http.post('/api/user/login/second-factor').send({ ticket, code });
    await answers(finish('000000'), 422);
    const session = await answers(finish(await totpCode(clock.now())), 200);
    expect((await t.http.get('/api/user/users?limit=1').set(bearer(session.body.data.token))).status).toBe(200);
    await answers(t.http.post('/api/user/login/second-factor').send({ ticket: 'nope', code: '000000' }), 422);
  });

  it("mails an administrator's enrolment code once a minute", async () => {
    const { token } = await t.createUser(UserType.ADMIN, {}, { secondFactor: false });
    const sent = await answers(t.http.post('/api/user/security/enrolment-code').set(bearer(token)), 202);
    expect(new Date(sent.body.data.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
    await answers(t.http.post('/api/user/security/enrolment-code').set(bearer(token)), 429);
    const status = await answers(t.http.get('/api/user/security').set(bearer(token)), 200);
    expect(status.body.data).toMatchObject({ totpEnabled: false, required: true });
  });
});

describe('passkeys', () => {
  it('signs in and steps up with a passkey, refusing answers that do not check out', async () => {
    const { user, key, token } = await investorWithPasskey();
    const status = await answers(t.http.get('/api/user/security').set(bearer(token)), 200);
    expect(status.body.data.passkeys).toHaveLength(1);

    const ticket = await ticketFor(user.email);
    const loginOptions = () => t.http.post('/api/user/login/passkey/options').send({ ticket });
    const forged = new SoftAuthenticator(t.services.config.webauthn.origin);
    const first = await answers(loginOptions(), 200);
    await answers(
      t.http
        .post('/api/user/login/passkey')
        .send({ ticket, response: JSON.parse(forged.assert(JSON.stringify(first.body.data))) }),
      422,
    );
    const options = await answers(loginOptions(), 200);
    const signedIn = await answers(
      t.http
        .post('/api/user/login/passkey')
        .send({ ticket, response: JSON.parse(key.assert(JSON.stringify(options.body.data))) }),
      200,
    );
    await answers(t.http.post('/api/user/login/passkey/options').send({ ticket: 'nope' }), 422);
    const { user: admin } = await t.createUser(UserType.ADMIN); // an authenticator, no passkey
    await answers(t.http.post('/api/user/login/passkey/options').send({ ticket: await ticketFor(admin.email) }), 409);

    const proven = bearer(signedIn.body.data.token);
    const stepOptions = await answers(t.http.post('/api/user/security/step-up/passkey/options').set(proven), 200);
    await answers(
      t.http
        .post('/api/user/security/step-up/passkey')
        .set(proven)
        .send({ response: forged.assert(JSON.stringify(stepOptions.body.data)) }),
      422,
    );
    const again = await answers(t.http.post('/api/user/security/step-up/passkey/options').set(proven), 200);
    const stepped = await answers(
      t.http
        .post('/api/user/security/step-up/passkey')
        .set(proven)
        .send({ response: key.assert(JSON.stringify(again.body.data)) }), // as JSON text
      200,
    );
    expect(stepped.body.data.token).toEqual(expect.any(String));
    await answers(t.http.post('/api/user/security/step-up/passkey').send({ response: {} }), 401);
  });
});

it('has called every second-factor operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
