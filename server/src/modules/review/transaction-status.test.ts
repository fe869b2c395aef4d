import { startTestApp, TestApp } from '../../test/harness';
import { Account } from '../account/account.entity';
import { LedgerReason } from '../ledger/ledger-entry.entity';
import { applyLedger } from '../ledger/apply-ledger';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { ledgerMismatches } from '../ledger/invariant';

let t: TestApp;
let admin: { token: string };
let goldId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN);
  goldId = (await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' })).id;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SET = `mutation S($id: ID!, $status: TrxStatus!) { setTransactionStatus(id: $id, status: $status) { id status } }`;
let seq = 0;
const account = (userId: string) => t.services.ds.getRepository(Account).findOneByOrFail({ userId });

/** A PENDING deposit of `amount` in bitcoin by a new investor. */
async function pendingDeposit(amount = '12000.50') {
  const investor = await t.createUser(UserType.INVESTOR);
  const res = await t.http
    .post('/api/transaction/create')
    .set(bearer(investor.token))
    .send({
      trxType: 'DEPOSIT',
      planId: goldId,
      crypto: 'bitcoin',
      amount,
      transactionId: `status-${Date.now()}-${(seq += 1)}`,
    });
  expect(res.status).toBe(201);
  return { investor, id: res.body.data.id as string };
}

/** Every bucket of the account equals the sum of its ledger entries (the ledger's one invariant query). */
async function ledgerMatchesBuckets(accountId: string): Promise<void> {
  const [{ userId }] = await t.services.ds.query(`SELECT user_id AS "userId" FROM account WHERE id = $1`, [accountId]);
  expect(await ledgerMismatches(t.services.ds, [userId])).toEqual([]);
}

describe('transaction status (admin)', () => {
  it('confirming a deposit credits investment and the coin exactly once, even when sent 50 times at once', async () => {
    const { investor, id } = await pendingDeposit();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? t.gql(SET, { id, status: 'CONFIRMED' }, admin.token)
          : t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    const acc = await account(investor.user.id);
    expect([acc.investment, acc.bitcoin, acc.balance]).toEqual(['12000.50000', '12000.50000', '0.00000']);
    const [{ n }] = await t.services.ds.query(`SELECT count(*)::int AS n FROM ledger_entry WHERE transaction_id = $1`, [
      id,
    ]);
    expect(n).toBe(2); // investment + bitcoin, once
    await ledgerMatchesBuckets(acc.id);
  });

  it('confirm -> decline -> confirm leaves the right amounts, with every step in the ledger', async () => {
    const { investor, id } = await pendingDeposit('10000');
    for (const [status, investment] of [
      ['CONFIRMED', '10000.00000'],
      ['DECLINED', '0.00000'],
      ['CONFIRMED', '10000.00000'],
      ['PENDING', '0.00000'],
    ] as const) {
      const res = await t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status });
      expect(res.body.data).toEqual({ _id: id, status });
      expect((await account(investor.user.id)).investment).toBe(investment);
    }
    const reasons = await t.services.ds.query(
      `SELECT reason FROM ledger_entry WHERE transaction_id = $1 AND bucket = 'investment' ORDER BY id`,
      [id],
    );
    expect(reasons.map((r: { reason: string }) => r.reason)).toEqual([
      LedgerReason.DEPOSIT_CONFIRMED,
      LedgerReason.DEPOSIT_REVERSED,
      LedgerReason.DEPOSIT_CONFIRMED,
      LedgerReason.DEPOSIT_REVERSED,
    ]);
    await ledgerMatchesBuckets((await account(investor.user.id)).id);
  });

  it('confirming a withdrawal debits the balance; one that would overdraw is refused and nothing changes', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    await t.http
      .put('/api/account')
      .set(bearer(investor.token))
      .send({ wallet: { bitcoin: 'bc1qstatusaddress000001' } });
    const acc = await account(investor.user.id);
    await t.services.ds.transaction((m) =>
      applyLedger(m, acc.id, [{ bucket: 'balance', delta: '100' }], { reason: LedgerReason.ADMIN_ADJUSTMENT }),
    );
    const ask = async (amount: string) =>
      (
        await t.http
          .post('/api/transaction/create')
          .set(bearer(investor.token))
          .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount, wallet: 'bc1qstatusaddress000001' })
      ).body.data.id as string;
    const first = await ask('70');
    const second = await ask('30');
    expect(
      (await t.http.put(`/api/transaction/${first}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' })).status,
    ).toBe(200);
    expect((await account(investor.user.id)).balance).toBe('30.00000');
    // Take the balance down behind the request's back, then confirming the second would overdraw.
    await t.services.ds.transaction((m) =>
      applyLedger(m, acc.id, [{ bucket: 'balance', delta: '-10' }], { reason: LedgerReason.ADMIN_ADJUSTMENT }),
    );
    const refused = await t.gql(SET, { id: second, status: 'CONFIRMED' }, admin.token);
    expect(refused.body.errors[0].extensions.code).toBe('CONFLICT');
    expect(refused.body.errors[0].message).toBe('This change would make an account balance negative');
    expect((await account(investor.user.id)).balance).toBe('20.00000');
    const [{ status }] = await t.services.ds.query(`SELECT status FROM "transaction" WHERE id = $1`, [second]);
    expect(status).toBe('PENDING');
    await ledgerMatchesBuckets(acc.id);
  });

  it('refuses investors (403) and guests (401) on both transports, and unknown ids or statuses', async () => {
    const { investor, id } = await pendingDeposit();
    expect((await t.http.put(`/api/transaction/${id}`).send({ status: 'CONFIRMED' })).status).toBe(401);
    expect(
      (await t.http.put(`/api/transaction/${id}`).set(bearer(investor.token)).send({ status: 'CONFIRMED' })).status,
    ).toBe(403);
    expect((await t.gql(SET, { id, status: 'CONFIRMED' })).status).toBe(401);
    expect((await t.gql(SET, { id, status: 'CONFIRMED' }, investor.token)).body.errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect((await t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'PAID' })).status).toBe(
      422,
    );
    const missing = await t.http
      .put('/api/transaction/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin.token))
      .send({ status: 'DECLINED' });
    expect(missing.status).toBe(404);
    expect((await account(investor.user.id)).investment).toBe('0.00000');
  });
});
