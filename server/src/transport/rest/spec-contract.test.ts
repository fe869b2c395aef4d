import { randomBytes } from 'node:crypto';
import { OTP_RESEND_SECONDS } from '@cryptovest/common';
import { startTestApp, TestApp, TEST_PASSWORD } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { UserType } from '../../modules/user/user.entity';

// SPEC §7, as an old client calls it (issue 14): every path with a body built exactly from the
// spec's field list (nothing this server added), realistic values, and the success the spec
// promises. The "other calls" the spec leaves open use the paths DESIGN §3 chose for them.

const PROOF_HOST = 'receipts.example.com';
let smtp: SmtpSink;
let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url, PROOF_URL_HOSTS: PROOF_HOST }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const email = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.test`;
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const admin = () => t.createUser(UserType.ADMIN, { fullName: 'Grace Admin' });
/** An investor with money and a saved bitcoin address, as after some use of the product. */
async function activeInvestor(balance = '2500') {
  const investor = await t.createUser(UserType.INVESTOR, { fullName: 'Ada Lovelace' });
  // The address before the money: saved after money came in it would wait a day (issue 33).
  const saved = await t.http
    .put('/api/account')
    .set(bearer(investor.token))
    .send({ wallet: { bitcoin: BTC } });
  expect(saved.status).toBe(200);
  await t.fund(investor.user.id, balance);
  return investor;
}
/** The newest code mailed to `to` once every answer's background work is done. */
async function mailedCode(to: string, pattern = CODE_IN_MAIL): Promise<string> {
  await t.services.background.idle();
  return smtp.waitFor(to, pattern);
}

describe('SPEC §7 user and auth paths', () => {
  it('POST /api/user/create: registration payload without terms -> 201, the created user in data', async () => {
    const address = email('register');
    const body = { email: address, password: 'correct-horse-9', fullName: 'Ada Lovelace', country: 'GB' };
    const res = await t.http.post('/api/user/create').send(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: address, fullName: 'Ada Lovelace', country: 'GB', type: 'investor' });
  });

  it('POST /api/user/login: credentials -> token in data', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const res = await t.http.post('/api/user/login').send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it('GET /api/user: the user with type; PUT /api/user: changed profile fields -> the updated user', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const me = await t.http.get('/api/user').set(bearer(token));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ type: 'investor', _id: expect.any(String) });
    const changed = { fullName: 'Ada King', phoneNumber: '+44 20 7946 0958', city: 'London', zipCode: 'W1J 7NT' };
    const res = await t.http.put('/api/user').set(bearer(token)).send(changed);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(changed);
  });

  it('PUT /api/user/password: oldPassword, newPassword', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const res = await t.http
      .put('/api/user/password')
      .set(bearer(token))
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'a-better-passphrase' });
    expect(res.status).toBe(200);
  });

  it('GET /api/user/users (admin) and PUT /api/user/{userId} (admin, data payload)', async () => {
    const { token } = await admin();
    const { user } = await t.createUser(UserType.INVESTOR);
    const list = await t.http.get('/api/user/users').set(bearer(token));
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.data)).toBe(true);
    const res = await t.http
      .put(`/api/user/${user.id}`)
      .set(bearer(token))
      .send({ data: { isPremium: true, planType: 'Gold', message: 'Welcome to Gold' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isPremium: true, planType: 'Gold', message: 'Welcome to Gold' });
  });

  it('POST /api/auth/verify-email: email, otp; POST /api/auth/resendOTP: email, activity', async () => {
    const address = email('verify');
    await t.http
      .post('/api/user/create')
      .send({ email: address, password: 'correct-horse-9', fullName: 'Mary Somerville', country: 'GB' });
    clock.advanceSeconds(OTP_RESEND_SECONDS); // a person reads the mail, waits, asks again
    const resend = await t.http.post('/api/auth/resendOTP').send({ email: address, activity: 'verify_email' });
    expect(resend.status).toBe(200);
    const otp = await mailedCode(address);
    const res = await t.http.post('/api/auth/verify-email').send({ email: address, otp });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it('POST /api/auth/password/verify: email, otp -> token; PUT /api/auth/password: password, token', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const asked = await t.http.post('/api/auth/resendOTP').send({ email: user.email, activity: 'reset_password' });
    expect(asked.status).toBe(200);
    const otp = await mailedCode(user.email, /password reset code is:? (\d{4,8})/);
    const verified = await t.http.post('/api/auth/password/verify').send({ email: user.email, otp });
    expect(verified.status).toBe(200);
    const token = verified.body.data.token;
    expect(token).toEqual(expect.any(String));
    const res = await t.http.put('/api/auth/password').send({ password: 'a-fresh-passphrase', token });
    expect(res.status).toBe(200);
  });
});

describe('SPEC §7 account paths', () => {
  it('GET /api/account: the account; PUT /api/account: wallet addresses', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const got = await t.http.get('/api/account').set(bearer(token));
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ balance: expect.any(String), wallet: expect.any(Object) });
    const wallet = {
      bitcoin: BTC,
      litecoin: 'ltc1qg82tn2h0e3lrcnd8s7sgtpgqsgl9dhlurtskxh',
      ethereum: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    };
    const res = await t.http.put('/api/account').set(bearer(token)).send({ wallet });
    expect(res.status).toBe(200);
    expect(res.body.data.wallet).toMatchObject(wallet);
  });

  it('GET /api/account/all (admin) and PUT /api/account/{userId} (admin, data payload)', async () => {
    const { token } = await admin();
    const { user } = await t.createUser(UserType.INVESTOR);
    const all = await t.http.get('/api/account/all').set(bearer(token));
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body.data)).toBe(true);
    // "Only changed fields sent, with dollar signs and commas removed" (SPEC §5).
    const res = await t.http
      .put(`/api/account/${user.id}`)
      .set(bearer(token))
      .send({ data: { balance: '1500.00', profit: '250.12345' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: '1500.00000', profit: '250.12345' });
  });
});

describe('SPEC §7 transaction and wallet paths', () => {
  it('POST /api/transaction/create: amount, status, plan, crypto, transactionId, trxType, imageUrl, wallet', async () => {
    const { token } = await activeInvestor();
    const body = {
      amount: 4999,
      status: 'PENDING',
      plan: 'Starter',
      crypto: 'bitcoin',
      transactionId: `a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d${randomBytes(2).toString('hex')}`,
      trxType: 'DEPOSIT',
      imageUrl: `https://${PROOF_HOST}/deposits/a1075db5.png`,
      wallet: BTC,
    };
    const res = await t.http.post('/api/transaction/create').set(bearer(token)).send(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      _id: expect.any(String),
      amount: 4999,
      status: 'PENDING',
      plan: 'Starter',
      crypto: 'bitcoin',
      trxType: 'DEPOSIT',
      imageUrl: body.imageUrl,
    });
  });

  it('submit withdrawal: crypto, amount (number), trxType WITHDRAWAL, wallet', async () => {
    const { token } = await activeInvestor();
    const res = await t.http
      .post('/api/transaction/create')
      .set(bearer(token))
      .send({ crypto: 'bitcoin', amount: 40, trxType: 'WITHDRAWAL', wallet: BTC });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ trxType: 'WITHDRAWAL', amount: 40, status: 'PENDING', wallet: BTC });
  });

  it("GET /api/transaction/all: the investor's transactions", async () => {
    const { token } = await activeInvestor();
    await t.http
      .post('/api/transaction/create')
      .set(bearer(token))
      .send({ crypto: 'bitcoin', amount: 125.5, trxType: 'WITHDRAWAL', wallet: BTC });
    const res = await t.http.get('/api/transaction/all').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ amount: 125.5, trxType: 'WITHDRAWAL' })]);
  });

  it('GET /api/transaction/transactions (admin) and PUT /api/transaction/{id} (admin, body status)', async () => {
    const investor = await activeInvestor();
    const created = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({ crypto: 'bitcoin', amount: 60, trxType: 'WITHDRAWAL', wallet: BTC });
    const { token } = await admin();
    const list = await t.http.get('/api/transaction/transactions').set(bearer(token));
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      _id: expect.any(String),
      amount: expect.any(Number),
      user: { fullName: expect.any(String), email: expect.any(String) },
    });
    const res = await t.http
      .put(`/api/transaction/${created.body.data._id}`)
      .set(bearer(token))
      .send({ status: 'CONFIRMED' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: created.body.data._id, status: 'CONFIRMED' });
  });

  it('GET /api/wallets?exchange={code}: name, value, imageUrl (default TW)', async () => {
    for (const path of ['/api/wallets?exchange=TW', '/api/wallets']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const w of res.body.data) expect(w).toMatchObject({ name: expect.any(String), value: expect.any(String) });
      expect(res.body.data[0]).toHaveProperty('imageUrl');
    }
  });

  it("coin data by the user's exchange value: a data list", async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const res = await t.http.get('/api/coins?exchange=TW').set(bearer(token));
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});
