import { DEFAULT_MIN_WITHDRAWAL, MSG, withdrawalMinMessage } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';

// POST /api/transaction/create with the body SPEC §7 names (issue 14): `plan` by name, an https
// proof link on an allowed host, `status` ignored; and the withdrawal minimum on both transports.

let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PROOF_URL_HOSTS: 'proofs.example.com, CDN.Example.net' });
  // The operator's own minimum, and no link hosts at all (the default).
  strict = await startTestApp({ MIN_WITHDRAWAL: '25.50' });
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let seq = 0;
const blockchainId = () => `0xlegacy${Date.now()}${(seq += 1)}`;
const BTC = 'bc1qlegacyclientaddress0001';

/** Exactly the spec's field list: amount, status, plan, crypto, transactionId, trxType, imageUrl, wallet. */
const specDeposit = (fields: Record<string, unknown> = {}) => ({
  amount: 150,
  status: 'CONFIRMED',
  plan: 'Starter',
  crypto: 'bitcoin',
  transactionId: blockchainId(),
  trxType: 'DEPOSIT',
  imageUrl: 'https://proofs.example.com/receipts/4711.png',
  wallet: '',
  ...fields,
});
const create = (app: TestApp, token: string, body: object) =>
  app.http.post('/api/transaction/create').set(bearer(token)).send(body);

describe('a legacy deposit body', () => {
  it('is accepted as the spec words it: plan by name, a proof link on an allowed host, status ignored', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR, { fullName: `Legacy Client ${Date.now()}` });
    const res = await create(t, token, specDeposit());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      trxType: 'DEPOSIT',
      status: 'PENDING',
      amount: 150,
      plan: 'Starter',
      crypto: 'bitcoin',
      imageUrl: 'https://proofs.example.com/receipts/4711.png',
      wallet: null,
    });
    const [row] = await t.services.ds.query(
      `SELECT status, plan_name AS plan, plan_id AS "planId", image_url AS "imageUrl" FROM "transaction" WHERE user_id = $1`,
      [user.id],
    );
    const starter = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
    expect(row).toEqual({
      status: 'PENDING',
      plan: 'Starter',
      planId: starter.id,
      imageUrl: 'https://proofs.example.com/receipts/4711.png',
    });
    // The admin table and GraphQL show the link as sent.
    const admin = await t.createUser(UserType.ADMIN);
    const listed = await t.gql(
      `{ adminTransactions(search: "${user.fullName}") { items { id imageUrl } } }`,
      {},
      admin.token,
    );
    expect(listed.body.data.adminTransactions.items).toEqual([
      { id: res.body.data.id, imageUrl: 'https://proofs.example.com/receipts/4711.png' },
    ]);
  });

  it('takes the plan name in any case, and planId first when both are sent', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    for (const plan of ['gold', 'GOLD', ' Gold ']) {
      const res = await create(t, token, specDeposit({ plan, amount: '10000', imageUrl: undefined }));
      expect({ plan, status: res.status, name: res.body.data?.plan }).toEqual({ plan, status: 201, name: 'Gold' });
    }
    const premium = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Premium' });
    const both = await create(t, token, specDeposit({ plan: 'Starter', planId: premium.id, amount: '5000' }));
    expect(both.body.data.plan).toBe('Premium');
  });

  it("keeps the existing messages: unknown plan, a range the plan refuses, others' uploads and other hosts", async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const unknown = await create(t, token, specDeposit({ plan: 'Diamond' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'plan', error: 'select a plan', code: 'VALIDATION' }]);
    const none = await create(t, token, specDeposit({ plan: undefined }));
    expect(none.body.errors).toEqual([{ field: 'planId', error: 'select a plan', code: 'VALIDATION' }]);
    const tooSmall = await create(t, token, specDeposit({ amount: 100 }));
    expect(tooSmall.body.errors[0]).toMatchObject({
      field: 'amount',
      error: 'The Starter plan takes deposits between $150.00 and $4,999.00',
    });
    for (const imageUrl of [
      'http://proofs.example.com/receipts/1.png', // not https
      'https://evil.example.org/receipts/1.png', // not an allowed host
      'https://proofs.example.com.evil.example.org/1.png',
      'https://user:pass@proofs.example.com/1.png',
      'javascript:alert(1)',
    ]) {
      const res = await create(t, token, specDeposit({ imageUrl }));
      expect({ imageUrl, status: res.status, errors: res.body.errors }).toEqual({
        imageUrl,
        status: 422,
        errors: [{ field: 'imageUrl', error: 'upload the image first', code: 'VALIDATION' }],
      });
    }
    // A host listed in capitals in PROOF_URL_HOSTS matches in any case.
    expect((await create(t, token, specDeposit({ imageUrl: 'https://cdn.example.NET/p.jpg' }))).status).toBe(201);
    const [{ n }] = await t.services.ds.query(`SELECT count(*)::int AS n FROM "transaction" WHERE user_id = $1`, [
      user.id,
    ]);
    expect(n).toBe(1);
  });

  it('accepts only own uploads when PROOF_URL_HOSTS is empty (the default)', async () => {
    const { token } = await strict.createUser(UserType.INVESTOR);
    const res = await create(strict, token, specDeposit());
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'imageUrl', error: 'upload the image first', code: 'VALIDATION' }]);
  });
});

describe('the withdrawal minimum (MIN_WITHDRAWAL)', () => {
  /** An investor with `balance` and a saved bitcoin address on `app`. */
  async function investor(app: TestApp, balance: string) {
    const made = await app.createUser(UserType.INVESTOR);
    await app.http
      .put('/api/account')
      .set(bearer(made.token))
      .send({ wallet: { bitcoin: BTC } });
    await app.fund(made.user.id, balance);
    return made;
  }
  const specWithdrawal = (amount: unknown) => ({ crypto: 'bitcoin', amount, trxType: 'WITHDRAWAL', wallet: BTC });

  it('accepts $40 and refuses $9.50 (the spec\'s "3 characters" did the opposite), on both transports', async () => {
    const { token } = await investor(t, '100');
    expect((await create(t, token, specWithdrawal(40))).status).toBe(201);
    const small = await create(t, token, specWithdrawal(9.5));
    expect(small.status).toBe(422);
    expect(small.body.errors).toEqual([{ field: 'amount', error: withdrawalMinMessage('$10.00'), code: 'VALIDATION' }]);
    for (const [amount, message] of [
      ['40.505', MSG.amountTwoDecimals],
      ['0', MSG.amountNotPositive],
      ['-40', MSG.amountNotPositive],
      ['forty', MSG.amountNotNumber],
    ]) {
      const res = await create(t, token, specWithdrawal(amount));
      expect({ amount, errors: res.body.errors }).toEqual({
        amount,
        errors: [{ field: 'amount', error: message, code: 'VALIDATION' }],
      });
    }
    const gql = await t.gql(
      'mutation($i: WithdrawalInput!) { requestWithdrawal(input: $i) { id } }',
      { i: { crypto: 'bitcoin', amount: '9.99', wallet: BTC } },
      token,
    );
    expect(gql.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'amount', message: withdrawalMinMessage('$10.00') }],
    });
  });

  it("follows the operator's MIN_WITHDRAWAL and tells the client through the site config", async () => {
    const { token } = await investor(strict, '100');
    const below = await create(strict, token, specWithdrawal('25.49'));
    expect(below.body.errors[0].error).toBe(withdrawalMinMessage('$25.50'));
    expect((await create(strict, token, specWithdrawal('25.50'))).status).toBe(201);
    expect((await strict.gql('{ site { minWithdrawal } }')).body.data.site).toEqual({ minWithdrawal: '25.50' });
    expect((await strict.http.get('/api/site')).body.data.minWithdrawal).toBe('25.50');
    expect((await t.gql('{ site { minWithdrawal } }')).body.data.site.minWithdrawal).toBe(DEFAULT_MIN_WITHDRAWAL);
  });
});
