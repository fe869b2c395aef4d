import { Plan } from '../../modules/plan/plan.entity';
import { TrxStatus } from '../../modules/transaction/transaction.entity';
import { UserType } from '../../modules/user/user.entity';
import { startTestApp, type TestApp } from '../../test/harness';
import { bearer, blockchainId, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { makeDeposit, setStatus } from '../../test/settlement-fixtures';
import { tinyPng } from '../../test/test-images';

/** Issue 36, accounts, transactions and notifications: each operation called for real, every answer as documented. */
const { answers, missingSuccesses } = contractSuite('money');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('transactions', () => {
  it('answer as documented, successes and refusals', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const deposit = { trxType: 'DEPOSIT', planId: gold.id, crypto: 'usdt', amount: '12000.50' };
    const created = await answers(
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({ ...deposit, transactionId: blockchainId() }),
      201,
    );
    const id = created.body.data.id;
    await answers(t.http.get('/api/transaction/all').set(bearer(investor.token)), 200);
    await answers(t.http.get(`/api/transaction/${id}`).set(bearer(investor.token)), 200);
    await answers(t.http.get('/api/transaction/transactions?status=pending').set(bearer(admin.token)), 200);
    const confirmed = await answers(
      t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' }),
      200,
    );
    expect(confirmed.body.data.status).toBe('CONFIRMED');
    const running = await answers(t.http.get('/api/transaction/running').set(bearer(investor.token)), 200);
    expect(running.body.data[0].id).toBe(id);
    const timeline = await answers(t.http.get(`/api/transaction/${id}`).set(bearer(admin.token)), 200);
    expect(timeline.body.data.events.length).toBeGreaterThan(1);
    // Refusals have the documented error shape and statuses.
    await answers(t.http.get('/api/transaction/all'), 401);
    await answers(t.http.get('/api/transaction/running'), 401);
    await answers(t.http.post('/api/transaction/create').send({ ...deposit, transactionId: blockchainId() }), 401);
    await answers(t.http.get('/api/transaction/transactions').set(bearer(investor.token)), 403);
    await answers(t.http.get(`/api/transaction/${randomUuid()}`).set(bearer(investor.token)), 404);
    await answers(
      t.http.put(`/api/transaction/${randomUuid()}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' }),
      404,
    );
    await answers(
      t.http.post('/api/transaction/create').set(bearer(investor.token)).send({ trxType: 'DEPOSIT', amount: 'x' }),
      422,
    );
    await answers(t.http.get('/api/transaction/transactions?status=nope').set(bearer(admin.token)), 400);
    await answers(t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'NOPE' }), 422);
  });

  it('answer a deposit with its proof image and a paid withdrawal with its address and fee', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    const proof = await t.http.post('/api/upload').set(bearer(investor.token)).attach('file', tinyPng(), 'proof.png');
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const deposit = await answers(
      t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
        planId: gold.id,
        crypto: 'bitcoin',
        amount: '10000',
        transactionId: blockchainId(),
        imageUrl: proof.body.data.id,
      }),
      201,
    );
    expect(deposit.body.data.imageUrl).toMatch(/^\/api\/upload\//);

    const wallet = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    await answers(
      t.http
        .put('/api/account')
        .set(bearer(investor.token))
        .send({ wallet: { usdt: wallet } }),
      200,
    );
    await t.fund(investor.user.id, '500');
    const withdrawal = await answers(
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({ trxType: 'WITHDRAWAL', crypto: 'usdt', amount: '40', wallet }),
      201,
    );
    const id = withdrawal.body.data.id;
    await answers(
      t.http
        .put(`/api/transaction/${id}`)
        .set(bearer(admin.token))
        .send({ status: 'CONFIRMED', payoutTxid: blockchainId(), payoutFee: '1.50' }),
      200,
    );
    const paid = await answers(t.http.get(`/api/transaction/${id}`).set(bearer(investor.token)), 200);
    expect(paid.body.data).toMatchObject({ trxType: 'WITHDRAWAL', status: 'CONFIRMED', wallet, payoutFee: '1.50' });
    const own = await answers(t.http.get('/api/transaction/all?page=1&pageSize=10').set(bearer(investor.token)), 200);
    expect(own.body.data.map((x: { id: string }) => x.id)).toEqual([id, deposit.body.data.id]);
  });
});

describe('accounts', () => {
  it("answer the investor's own account and the admin's table, edits and ledger as documented", async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    await t.fund(investor.user.id, '500');
    const own = await answers(t.http.get('/api/account').set(bearer(investor.token)), 200);
    expect(own.body.data.balance).toBe('500.00000');
    // Money came in: a new address cools down (walletUsableFrom names it).
    const saved = await answers(
      t.http
        .put('/api/account')
        .set(bearer(investor.token))
        .send({ bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
      200,
    );
    expect(Object.keys(saved.body.data.walletUsableFrom)).toEqual(['bitcoin']);
    await answers(t.http.put('/api/account').set(bearer(investor.token)).send({ bitcoin: 'no' }), 422);
    await answers(t.http.get('/api/account'), 401);
    await answers(t.http.get('/api/account').set(bearer(admin.token)), 403);

    const table = await answers(
      t.http.get(`/api/account/all?search=${encodeURIComponent(investor.user.email)}`).set(bearer(admin.token)),
      200,
    );
    expect(table.body.data.map((a: { user: { id: string } }) => a.user.id)).toEqual([investor.user.id]);
    await answers(t.http.get('/api/account/all').set(bearer(investor.token)), 403);
    await answers(t.http.get('/api/account/all?sortBy=nope').set(bearer(admin.token)), 400);

    const adjusted = await answers(
      t.http.put(`/api/account/${investor.user.id}`).set(bearer(admin.token)).send({ balance: '750', reason: 'test' }),
      200,
    );
    expect(adjusted.body.data.balance).toBe('750.00000');
    await answers(t.http.put(`/api/account/${investor.user.id}`).set(bearer(admin.token)).send({ balance: '-1' }), 422);
    await answers(t.http.put(`/api/account/${randomUuid()}`).set(bearer(admin.token)).send({ balance: '1' }), 404);
    await answers(
      t.http.put(`/api/account/${investor.user.id}`).set(bearer(investor.token)).send({ balance: '1' }),
      403,
    );

    const history = await answers(t.http.get(`/api/account/${investor.user.id}/history`).set(bearer(admin.token)), 200);
    expect(history.body.data.map((e: { reason: string }) => e.reason)).toContain('ADMIN_ADJUSTMENT');
    await answers(t.http.get(`/api/account/${randomUuid()}/history`).set(bearer(admin.token)), 404);
    await answers(t.http.get(`/api/account/${investor.user.id}/history?page=x`).set(bearer(admin.token)), 400);
  });
});

describe('notifications', () => {
  it('list and mark the notification a confirmed deposit made', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    const id = await makeDeposit(t.services, investor.user.id, 'Starter', '1000', 'usdt');
    await setStatus(t.services, admin.user.id, id, TrxStatus.CONFIRMED);
    const list = await answers(t.http.get('/api/notifications').set(bearer(investor.token)), 200);
    expect(list.body.data.map((n: { kind: string }) => n.kind)).toEqual(['DEPOSIT_CONFIRMED']);
    expect(list.body.meta.unread).toBe(1);
    const marked = await answers(
      t.http
        .post('/api/notifications/read')
        .set(bearer(investor.token))
        .send({ ids: [list.body.data[0].id] }),
      200,
    );
    expect(marked.body.data).toEqual({ changed: 1, unread: 0 });
    await answers(t.http.post('/api/notifications/read').set(bearer(investor.token)).send({ all: true }), 200);
    const read = await answers(t.http.get('/api/notifications?page=1&limit=5').set(bearer(investor.token)), 200);
    expect(read.body.data[0].readAt).toEqual(expect.any(String));
    await answers(t.http.post('/api/notifications/read').set(bearer(investor.token)).send({}), 422);
    await answers(t.http.get('/api/notifications'), 401);
    await answers(t.http.post('/api/notifications/read').send({ all: true }), 401);
  });
});

it('has called every accounts, transactions and notifications operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
