import { ACCOUNT_BUCKETS } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';

let t: TestApp;
let admin: { token: string; user: { id: string; fullName: string } };
/** Moved by the random mix so deposits mature (settlement there is by id only: this database is shared). */
const clock = new ManualClock();
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await t.createUser(UserType.ADMIN, { fullName: 'Ada Admin' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every bucket of these users' accounts equals the sum of its ledger entries. */
async function assertLedgerBalances(userIds: string[]): Promise<void> {
  const columns: Record<string, string> = { walletBalance: 'wallet_balance' };
  for (const bucket of ACCOUNT_BUCKETS) {
    const column = columns[bucket] ?? bucket;
    const mismatched = await t.services.ds.query(
      `SELECT a.id FROM account a
        WHERE a.user_id = ANY($2::uuid[])
          AND a.${column} <> COALESCE((SELECT SUM(delta) FROM ledger_entry l WHERE l.account_id = a.id AND l.bucket = $1), 0)`,
      [bucket, userIds],
    );
    expect({ bucket, mismatched }).toEqual({ bucket, mismatched: [] });
  }
}

describe('admin account edits', () => {
  it('turns each changed amount into an ADMIN_ADJUSTMENT entry with who, why, old and new', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const res = await t.http
      .put(`/api/account/${investor.user.id}`)
      .set(bearer(admin.token))
      .send({ data: { balance: '$1,234.56789', profit: '0', bitcoin: '250.5', reason: 'manual correction #12' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: '1234.56789', profit: '0.00000', bitcoin: '250.50000' });

    const history = await t.gql(
      `query H($id: ID!) { accountHistory(userId: $id) { total items { bucket delta amountAfter reason note actorName createdAt } } }`,
      { id: investor.user.id },
      admin.token,
    );
    const items = history.body.data.accountHistory.items;
    expect(history.body.data.accountHistory.total).toBe(2); // profit did not change
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          bucket: 'balance',
          delta: '1234.56789',
          amountAfter: '1234.56789',
          reason: 'ADMIN_ADJUSTMENT',
          note: 'manual correction #12',
          actorName: 'Ada Admin',
        }),
        expect.objectContaining({ bucket: 'bitcoin', delta: '250.50000', amountAfter: '250.50000' }),
      ]),
    );
    // Lowering is a negative delta; the REST history path shows the same entries.
    await t.gql(
      `mutation A($id: ID!) { adjustAccount(userId: $id, input: { balance: "1000" }) { balance } }`,
      { id: investor.user.id },
      admin.token,
    );
    const rest = await t.http.get(`/api/account/${investor.user.id}/history`).set(bearer(admin.token));
    expect(rest.body.data[0]).toMatchObject({ bucket: 'balance', delta: '-234.56789', amountAfter: '1000.00000' });
    await assertLedgerBalances([investor.user.id]);
  });

  it('refuses bad amounts and changes nothing; refuses investors and guests', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    for (const value of ['-5', '1.123456', 'abc', '']) {
      const res = await t.http
        .put(`/api/account/${investor.user.id}`)
        .set(bearer(admin.token))
        .send({ balance: '10', usdt: value });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field: 'usdt' });
    }
    expect((await t.http.get('/api/account').set(bearer(investor.token))).body.data.balance).toBe('0.00000');
    expect((await t.http.put(`/api/account/${investor.user.id}`).send({ balance: '1' })).status).toBe(401);
    expect(
      (await t.http.put(`/api/account/${investor.user.id}`).set(bearer(investor.token)).send({ balance: '1' })).status,
    ).toBe(403);
    expect((await t.http.get(`/api/account/${investor.user.id}/history`).set(bearer(investor.token))).status).toBe(403);
    expect((await t.http.put('/api/account/not-a-user').set(bearer(admin.token)).send({ balance: '1' })).status).toBe(
      404,
    );
  });

  it('after a random mix of deposits, withdrawals, status changes, edits and settlements, every bucket equals its ledger', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const investors = await Promise.all([0, 1, 2].map(() => t.createUser(UserType.INVESTOR)));
    for (const i of investors) {
      await t.http
        .put('/api/account')
        .set(bearer(i.token))
        .send({ wallet: { usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    }
    const transactions: string[] = [];
    for (let step = 0; step < 120; step += 1) {
      const who = pick(investors);
      const action = pick(['deposit', 'withdraw', 'status', 'status', 'edit', 'editCoin', 'time', 'settle', 'settle']);
      if (action === 'deposit') {
        const res = await t.http
          .post('/api/transaction/create')
          .set(bearer(who.token))
          .send({
            trxType: 'DEPOSIT',
            planId: gold.id,
            crypto: pick(['bitcoin', 'usdt', 'ethereum']),
            amount: String(10000 + Math.floor(random() * 20000)),
            transactionId: `mix-${Date.now()}-${step}`,
          });
        transactions.push(res.body.data.id);
      } else if (action === 'withdraw') {
        const res = await t.http
          .post('/api/transaction/create')
          .set(bearer(who.token))
          .send({
            trxType: 'WITHDRAWAL',
            crypto: 'usdt',
            amount: (random() * 300).toFixed(2),
            wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          });
        if (res.status === 201) transactions.push(res.body.data.id);
      } else if (action === 'status' && transactions.length) {
        await t.http
          .put(`/api/transaction/${pick(transactions)}`)
          .set(bearer(admin.token))
          .send({ status: pick(['PENDING', 'CONFIRMED', 'DECLINED']) });
      } else if (action === 'edit') {
        await t.http
          .put(`/api/account/${who.user.id}`)
          .set(bearer(admin.token))
          .send({ balance: (random() * 500).toFixed(5), reason: `step ${step}` });
      } else if (action === 'editCoin') {
        // Lowering what a confirmed deposit's principal would come back from: its settlement is held.
        await t.http
          .put(`/api/account/${who.user.id}`)
          .set(bearer(admin.token))
          .send({ [pick(['investment', 'usdt', 'bitcoin'])]: (random() * 20000).toFixed(2), reason: `step ${step}` });
      } else if (action === 'time') {
        clock.advanceSeconds(Math.floor(random() * 30 * 3600));
      } else if (action === 'settle' && transactions.length) {
        // The job's path, or an admin settling from the queue (some are held, not due, or not deposits).
        const ids = [pick(transactions), pick(transactions)];
        if (random() < 0.5) await t.services.settlement.settleOne(ids[0]);
        else await t.http.post('/api/settlements').set(bearer(admin.token)).send({ ids });
      }
    }
    const [{ settled }] = await t.services.ds.query(
      `SELECT count(*)::int AS settled FROM settlement WHERE transaction_id = ANY($1::uuid[])`,
      [transactions],
    );
    expect(settled).toBeGreaterThan(0); // the mix did settle some
    const [{ twice }] = await t.services.ds.query(
      `SELECT count(*)::int AS twice FROM (SELECT transaction_id FROM ledger_entry WHERE reason = 'SETTLEMENT_PROFIT'
         AND transaction_id = ANY($1::uuid[]) AND bucket = 'profit' GROUP BY transaction_id HAVING count(*) > 1) x`,
      [transactions],
    );
    expect(twice).toBe(0);
    await assertLedgerBalances(investors.map((i) => i.user.id));
    const [{ negative }] = await t.services.ds.query(
      `SELECT count(*)::int AS negative FROM account WHERE LEAST(balance, wallet_balance, profit, investment, bitcoin, ethereum, bnb, litecoin, usdt) < 0`,
    );
    expect(negative).toBe(0);
  }, 60_000);
});
