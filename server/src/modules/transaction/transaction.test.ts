import { MSG } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { Account } from '../account/account.entity';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';

let t: TestApp;
let gold: Plan;
beforeAll(async () => {
  // 200 withdrawals queue on one account's row lock behind a pool of 10: on a loaded machine the
  // last ones wait for a connection longer than the 3 s default and would answer 503. The tests
  // here are about the lock, so the wait for a connection is not what decides them.
  t = await startTestApp({ DB_CONNECT_TIMEOUT_MS: '60000' });
  gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const BTC_ADDRESS = 'bc1qexampleaddress000001';
let txSeq = 0;
const blockchainId = () => `0xabc${Date.now()}${(txSeq += 1)}`;

const fund = (userId: string, amount: string) => t.fund(userId, amount);

/** An investor with a saved bitcoin withdrawal address. */
async function investorWithAddress() {
  const investor = await t.createUser(UserType.INVESTOR);
  const saved = await t.http
    .put('/api/account')
    .set(bearer(investor.token))
    .send({ wallet: { bitcoin: BTC_ADDRESS } });
  expect(saved.status).toBe(200);
  return investor;
}

describe('my account (GraphQL and REST)', () => {
  it('reads amounts, per-coin balances and addresses, and saves only the addresses sent', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const before = await t.http.get('/api/account').set(bearer(token));
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      balance: '0.00000',
      bitcoin: '0.00000',
      hasSetupAccount: false,
      wallet: { bitcoin: null },
    });

    // Amounts and other users' ids in the body are ignored: no mass assignment.
    const put = await t.http
      .put('/api/account')
      .set(bearer(token))
      .send({
        balance: '1000000',
        userId: 'someone-else',
        wallet: { bitcoin: BTC_ADDRESS, usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      balance: '0.00000',
      hasSetupAccount: true,
      wallet: { bitcoin: BTC_ADDRESS, litecoin: null },
    });

    const gql = await t.gql('{ account { balance hasSetupAccount wallet { bitcoin usdt ethereum } } }', {}, token);
    expect(gql.body.data.account).toEqual({
      balance: '0.00000',
      hasSetupAccount: true,
      wallet: { bitcoin: BTC_ADDRESS, usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ethereum: null },
    });

    // Only the coin sent changes; a short address is refused with the spec's message.
    const bad = await t.gql('mutation { updateWithdrawalAddresses(input: { ethereum: "0x123" }) { id } }', {}, token);
    expect(bad.body.errors[0].extensions.fields).toEqual([{ field: 'ethereum', message: MSG.invalidAddress }]);
    const eth = await t.gql(
      'mutation { updateWithdrawalAddresses(input: { ethereum: "0x52908400098527886E0F7030069857D2E4169EE7" }) { wallet { bitcoin ethereum } } }',
      {},
      token,
    );
    expect(eth.body.data.updateWithdrawalAddresses.wallet).toEqual({
      bitcoin: BTC_ADDRESS,
      ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect((await t.services.ds.getRepository(Account).findOneByOrFail({ userId: user.id })).balance).toBe('0.00000');
  });
});

describe('deposits', () => {
  const DEPOSIT = `mutation D($input: DepositInput!) { createDeposit(input: $input) { id status trxType amount plan expectedProfit crypto } }`;

  it('creates a PENDING deposit into Gold with its expected profit, and lists it newest first', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const res = await t.gql(
      DEPOSIT,
      { input: { planId: gold.id, crypto: 'bitcoin', amount: '12000.50', transactionId: blockchainId() } },
      token,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createDeposit).toMatchObject({
      status: 'PENDING',
      trxType: 'DEPOSIT',
      amount: '12000.50',
      plan: 'Gold',
      expectedProfit: '6000.25000',
      crypto: 'bitcoin',
    });
    const rest = await t.http
      .post('/api/transaction/create')
      .set(bearer(token))
      .send({ trxType: 'DEPOSIT', planId: gold.id, crypto: 'usdt', amount: 10000, transactionId: blockchainId() });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ amount: 10000, status: 'PENDING', expectedProfit: '5000.00000' });

    const list = await t.http.get('/api/transaction/all?page=1&limit=8').set(bearer(token));
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([
      rest.body.data.id,
      res.body.data.createDeposit.id,
    ]);
    expect(list.body.meta).toMatchObject({ total: 2, page: 1, pageSize: 8 });
    const gql = await t.gql(
      '{ myTransactions(page: 1, pageSize: 1) { total items { id expectedProfit } } }',
      {},
      token,
    );
    expect(gql.body.data.myTransactions).toEqual({
      total: 2,
      items: [{ id: rest.body.data.id, expectedProfit: '5000.00000' }],
    });
  });

  it('refuses amounts outside the plan, short or reused blockchain ids and unknown coins, storing nothing', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const send = (input: Record<string, unknown>) =>
      t.http
        .post('/api/transaction/create')
        .set(bearer(token))
        .send({
          trxType: 'DEPOSIT',
          planId: gold.id,
          crypto: 'bitcoin',
          amount: '15000',
          transactionId: blockchainId(),
          ...input,
        });
    const low = await send({ amount: '9999.99' });
    expect(low.status).toBe(422);
    expect(low.body.errors[0]).toMatchObject({
      field: 'amount',
      error: 'The Gold plan takes deposits between $10,000.00 and $30,000.00',
    });
    expect((await send({ amount: '30000.01' })).status).toBe(422);
    expect((await send({ amount: '12.345' })).body.errors[0]).toMatchObject({
      field: 'amount',
      error: MSG.amountTooSmall,
    });
    expect((await send({ transactionId: 'short' })).body.errors[0]).toMatchObject({
      field: 'transactionId',
      error: MSG.tooShort,
    });
    expect((await send({ crypto: 'dogecoin' })).body.errors[0]).toMatchObject({ field: 'crypto' });

    const id = blockchainId();
    expect((await send({ transactionId: id })).status).toBe(201);
    const again = await send({ transactionId: id });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      field: 'transactionId',
      error: 'This transaction id was already submitted',
    });
    // The same blockchain id on another coin is another transfer.
    expect((await send({ transactionId: id, crypto: 'ethereum' })).status).toBe(201);
    const list = await t.http.get('/api/transaction/all').set(bearer(token));
    expect(list.body.meta.total).toBe(2);
  });
});

describe('deposit proof images', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201' +
      'a5f6cd0f0000000049454e44ae426082',
    'hex',
  );

  it('attaches the caller own upload as an expiring link and refuses another investor upload', async () => {
    const a = await t.createUser(UserType.INVESTOR);
    const b = await t.createUser(UserType.INVESTOR);
    const upload = await t.http.post('/api/upload').set(bearer(a.token)).attach('file', PNG, 'proof.png');
    expect(upload.status).toBe(201);
    const deposit = (token: string, imageUrl: string) =>
      t.http.post('/api/transaction/create').set(bearer(token)).send({
        trxType: 'DEPOSIT',
        planId: gold.id,
        crypto: 'bitcoin',
        amount: '10000',
        transactionId: blockchainId(),
        imageUrl,
      });

    const theft = await deposit(b.token, upload.body.data.url);
    expect(theft.status).toBe(422);
    expect(theft.body.errors[0]).toMatchObject({ field: 'imageUrl' });

    const own = await deposit(a.token, upload.body.data.url);
    expect(own.status).toBe(201);
    expect(own.body.data.imageUrl).toMatch(new RegExp(`^/api/upload/${upload.body.data.id}\\?expires=\\d+&sig=`));
    const image = await t.http.get(own.body.data.imageUrl);
    expect(image.status).toBe(200);
    expect(Buffer.compare(image.body as Buffer, PNG)).toBe(0);
    const listed = await t.gql('{ myTransactions { items { imageUrl } } }', {}, a.token);
    expect(listed.body.data.myTransactions.items[0].imageUrl).toMatch(/^\/api\/upload\//);
  });
});

describe('withdrawals', () => {
  const WITHDRAW = `mutation W($input: WithdrawalInput!) { requestWithdrawal(input: $input) { id status amount wallet } }`;

  it('goes only to a saved address and never above balance minus pending withdrawals', async () => {
    const { user, token } = await investorWithAddress();
    await fund(user.id, '100');
    const ask = (amount: string, wallet = BTC_ADDRESS) =>
      t.gql(WITHDRAW, { input: { crypto: 'bitcoin', amount, wallet } }, token);

    const other = await ask('10.00', 'bc1qsomeoneelsesaddress99');
    expect(other.body.errors[0].extensions.fields[0]).toMatchObject({ field: 'wallet' });
    const first = await ask('60.50');
    expect(first.body.data.requestWithdrawal).toMatchObject({
      status: 'PENDING',
      amount: '60.50',
      wallet: BTC_ADDRESS,
    });
    const over = await ask('39.51');
    expect(over.body.errors[0].extensions.code).toBe('CONFLICT');
    expect(over.body.errors[0].message).toBe('The amount is more than your available balance ($39.50)');
    expect((await ask('39.50')).body.data.requestWithdrawal.status).toBe('PENDING');
    const rest = await t.http
      .post('/api/transaction/create')
      .set(bearer(token))
      .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: 10, wallet: BTC_ADDRESS });
    expect(rest.status).toBe(409);
    // Requests move no money: the balance stays until an admin confirms.
    expect((await t.services.ds.getRepository(Account).findOneByOrFail({ userId: user.id })).balance).toBe('100.00000');
  });

  it('200 simultaneous requests never accept more than the balance and leave no bucket negative', async () => {
    const { user, token } = await investorWithAddress();
    await fund(user.id, '1000');
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.http
          .post('/api/transaction/create')
          .set(bearer(token))
          .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '13.00', wallet: BTC_ADDRESS }),
      ),
    );
    const accepted = responses.filter((r) => r.status === 201).length;
    const refused = responses.filter((r) => r.status === 409).length;
    expect(accepted + refused).toBe(200);
    expect(accepted).toBe(76); // floor(1000 / 13): every request that fits, and not one more
    const [{ total }] = await t.services.ds.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM "transaction" WHERE user_id = $1 AND trx_type = 'WITHDRAWAL'`,
      [user.id],
    );
    expect(Number(total)).toBeLessThanOrEqual(1000);
    expect(total).toBe('988.00');
    const [negative] = await t.services.ds.query(
      `SELECT count(*)::int AS n FROM account WHERE LEAST(balance, wallet_balance, profit, investment, bitcoin, ethereum, bnb, litecoin, usdt) < 0`,
    );
    expect(negative.n).toBe(0);
  }, 60_000);
});

describe('access', () => {
  it('guests get 401 and admins 403 on every investor path, through both transports', async () => {
    const admin = await t.createUser(UserType.ADMIN);
    for (const [method, path] of [
      ['get', '/api/account'],
      ['put', '/api/account'],
      ['post', '/api/transaction/create'],
      ['get', '/api/transaction/all'],
    ] as const) {
      expect((await t.http[method](path).send({})).status).toBe(401);
      expect((await t.http[method](path).set(bearer(admin.token)).send({})).status).toBe(403);
    }
    for (const query of ['{ account { id } }', '{ myTransactions { total } }']) {
      const guest = await t.gql(query);
      expect(guest.status).toBe(401);
      const asAdmin = await t.gql(query, {}, admin.token);
      expect(asAdmin.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
  });

  it('investor A never sees or changes B: each call is bound to the caller', async () => {
    const a = await investorWithAddress();
    const b = await investorWithAddress();
    await fund(b.user.id, '50');
    await t.http
      .post('/api/transaction/create')
      .set(bearer(b.token))
      .send({ trxType: 'DEPOSIT', planId: gold.id, crypto: 'bitcoin', amount: '10000', transactionId: blockchainId() });

    const aList = await t.http.get('/api/transaction/all').set(bearer(a.token));
    expect(aList.body.data).toEqual([]);
    const aAccount = await t.http.get('/api/account').set(bearer(a.token));
    expect(aAccount.body.data.balance).toBe('0.00000');
    // A withdrawal "from B" by naming B's id is still A's, and A has nothing to withdraw.
    const sneaky = await t.http
      .post('/api/transaction/create')
      .set(bearer(a.token))
      .send({ trxType: 'WITHDRAWAL', userId: b.user.id, crypto: 'bitcoin', amount: '10', wallet: BTC_ADDRESS });
    expect(sneaky.status).toBe(409);
    await t.http
      .put('/api/account')
      .set(bearer(a.token))
      .send({ userId: b.user.id, wallet: { bitcoin: 'bc1qattackeraddress0000' } });
    const bAccount = await t.http.get('/api/account').set(bearer(b.token));
    expect(bAccount.body.data.wallet.bitcoin).toBe(BTC_ADDRESS);
  });
});
