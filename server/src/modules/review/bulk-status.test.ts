import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../../test/harness';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { ledgerMismatches } from '../ledger/invariant';
import { applyLedger, LedgerReason } from '../ledger';
import { MAX_BULK_STATUS } from './bulk-status';

let t: TestApp;
let admin: { token: string; user: { id: string } };
let goldId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN);
  goldId = (await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' })).id;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const BULK = `mutation B($ids: [ID!]!, $status: TrxStatus!, $reason: String, $key: String) {
  setTransactionStatuses(ids: $ids, status: $status, reason: $reason, idempotencyKey: $key) { id ok status message }
}`;
let seq = 0;

/** A PENDING bitcoin deposit of `amount` (Gold: 10,000 to 30,000) by a new investor. */
async function pendingDeposit(amount = '10000') {
  const investor = await t.createUser(UserType.INVESTOR);
  const res = await t.http
    .post('/api/transaction/create')
    .set(bearer(investor.token))
    .send({
      trxType: 'DEPOSIT',
      planId: goldId,
      crypto: 'bitcoin',
      amount,
      transactionId: `bulk-${Date.now()}-${++seq}`,
    });
  expect(res.status).toBe(201);
  return { investor, id: res.body.data.id as string };
}

const count = async (sql: string, params: unknown[]) =>
  ((await t.services.ds.query(sql, params)) as { n: number }[])[0].n;
const ledgerRows = (id: string) => count(`SELECT count(*)::int AS n FROM ledger_entry WHERE transaction_id = $1`, [id]);
const status = async (id: string) =>
  ((await t.services.ds.query(`SELECT status FROM "transaction" WHERE id = $1`, [id])) as { status: string }[])[0]
    .status;

describe('bulk review of pending deposits (issue 38)', () => {
  it('confirms the selected deposits with one reason, each ledgered, audited, on its timeline and notified once', async () => {
    const a = await pendingDeposit('10000');
    const b = await pendingDeposit('12500.50');
    const res = await t.gql(BULK, { ids: [a.id, b.id], status: 'CONFIRMED', reason: 'Seen on chain' }, admin.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.setTransactionStatuses).toEqual([
      { id: a.id, ok: true, status: 'CONFIRMED', message: null },
      { id: b.id, ok: true, status: 'CONFIRMED', message: null },
    ]);
    for (const { id, investor } of [a, b]) {
      expect(await ledgerRows(id)).toBe(2); // investment + bitcoin
      const audits = await t.services.ds.query(
        `SELECT actor_id AS "actorId", metadata FROM audit_event WHERE action = 'transaction.status' AND subject_id = $1`,
        [id],
      );
      expect(audits).toEqual([
        { actorId: admin.user.id, metadata: { from: 'PENDING', to: 'CONFIRMED', reason: 'Seen on chain' } },
      ]);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM transaction_event WHERE transaction_id = $1 AND kind = 'CONFIRMED' AND reason = 'Seen on chain'`,
          [id],
        ),
      ).toBe(1);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM notification WHERE transaction_id = $1 AND kind = 'DEPOSIT_CONFIRMED'`,
          [id],
        ),
      ).toBe(1);
      expect(await ledgerMismatches(t.services.ds, [investor.user.id])).toEqual([]);
    }
  });

  it('applies each exactly once under a concurrent double submit, same key or not; the late one is told why', async () => {
    const a = await pendingDeposit();
    const b = await pendingDeposit();
    const ids = [a.id, b.id];
    const key = randomUUID();
    const sameKey = Array.from({ length: 4 }, () => t.gql(BULK, { ids, status: 'CONFIRMED', key }, admin.token));
    const otherKeys = Array.from({ length: 2 }, () =>
      t.gql(BULK, { ids, status: 'CONFIRMED', key: randomUUID() }, admin.token),
    );
    const answers = (await Promise.all([...sameKey, ...otherKeys])).map((r) => {
      expect(r.body.errors).toBeUndefined();
      return r.body.data.setTransactionStatuses as { id: string; ok: boolean; message: string | null }[];
    });
    for (const id of ids) expect(await ledgerRows(id)).toBe(2);
    for (const id of ids)
      expect(
        await count(
          `SELECT count(*)::int AS n FROM audit_event WHERE action = 'transaction.status' AND subject_id = $1`,
          [id],
        ),
      ).toBe(1);
    // The same key answers the same; of all the submissions, exactly one applied each deposit.
    for (const answer of answers.slice(1, 4)) expect(answer).toEqual(answers[0]);
    const applied = [answers[0], ...answers.slice(4)].flat().filter((item) => item.ok);
    expect(applied.map((item) => item.id).sort()).toEqual([...ids].sort());
    const refused = [answers[0], ...answers.slice(4)].flat().filter((item) => !item.ok);
    expect(refused).toHaveLength(4);
    for (const item of refused) expect(item.message).toBe('Already confirmed (changed meanwhile)');
  });

  it('reports a refused item and still applies the others (not all-or-nothing)', async () => {
    const good = await pendingDeposit();
    const decided = await pendingDeposit();
    await t.gql(BULK, { ids: [decided.id], status: 'DECLINED' }, admin.token);
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await t.gql(
      BULK,
      { ids: [decided.id, good.id, missing, good.id], status: 'CONFIRMED', reason: 'checked' },
      admin.token,
    );
    expect(res.body.data.setTransactionStatuses).toEqual([
      { id: decided.id, ok: false, status: null, message: 'Already declined (changed meanwhile)' },
      { id: good.id, ok: true, status: 'CONFIRMED', message: null },
      { id: missing, ok: false, status: null, message: 'Transaction not found' },
    ]);
    expect(await status(decided.id)).toBe('DECLINED');
    expect(await ledgerRows(decided.id)).toBe(0);
    expect(await ledgerRows(good.id)).toBe(2);
  });

  it('leaves withdrawals to be reviewed one at a time', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const [{ id: accountId }] = await t.services.ds.query(`SELECT id FROM account WHERE user_id = $1`, [
      investor.user.id,
    ]);
    expect(accountId).toBeTruthy();
    await t.http
      .put('/api/account')
      .set(bearer(investor.token))
      .send({ wallet: { bitcoin: 'bc1qbulkaddress0000001' } });
    await t.services.ds.transaction((m) =>
      applyLedger(m, accountId, [{ bucket: 'balance', delta: '100' }], { reason: LedgerReason.ADMIN_ADJUSTMENT }),
    );
    const asked = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '40', wallet: 'bc1qbulkaddress0000001' });
    const id = asked.body.data.id as string;
    const res = await t.gql(BULK, { ids: [id], status: 'CONFIRMED' }, admin.token);
    expect(res.body.data.setTransactionStatuses[0]).toEqual({
      id,
      ok: false,
      status: null,
      message: 'Only deposits are reviewed in bulk; open the withdrawal to review it',
    });
    expect(await status(id)).toBe('PENDING');
  });

  it(`refuses more than ${MAX_BULK_STATUS} ids, none, a malformed id or a status other than confirm/decline`, async () => {
    const { id } = await pendingDeposit();
    const many = [id, ...Array.from({ length: MAX_BULK_STATUS }, () => randomUUID())];
    const tooMany = await t.gql(BULK, { ids: many, status: 'CONFIRMED' }, admin.token);
    expect(tooMany.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(tooMany.body.errors[0].message).toBe(
      `Select at most ${MAX_BULK_STATUS} transactions at once (101 selected)`,
    );
    const none = await t.gql(BULK, { ids: [], status: 'CONFIRMED' }, admin.token);
    expect(none.body.errors[0].message).toBe('Select at least one transaction');
    const malformed = await t.gql(BULK, { ids: [id, 'not-an-id'], status: 'CONFIRMED' }, admin.token);
    expect(malformed.body.errors[0].extensions.fields).toEqual([
      { field: 'ids', message: 'Every id must be a transaction id' },
    ]);
    const pending = await t.gql(BULK, { ids: [id], status: 'PENDING' }, admin.token);
    expect(pending.body.errors[0].message).toBe('Selected deposits can be confirmed or declined');
    expect(await status(id)).toBe('PENDING');
    expect(await ledgerRows(id)).toBe(0);
  });

  it('refuses investors (403) and guests (401)', async () => {
    const { investor, id } = await pendingDeposit();
    const asInvestor = await t.gql(BULK, { ids: [id], status: 'CONFIRMED' }, investor.token);
    expect(asInvestor.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.gql(BULK, { ids: [id], status: 'CONFIRMED' })).status).toBe(401);
    expect(await status(id)).toBe('PENDING');
  });
});

describe('admin record view reads (issue 38)', () => {
  const LEDGER = `query L($id: ID!) { transactionLedgerEntries(transactionId: $id) { bucket delta reason actorName } }`;

  it('lists the ledger entries a transaction caused, with who made them; investors may not read them', async () => {
    const { investor, id } = await pendingDeposit('10300');
    await t.gql(BULK, { ids: [id], status: 'CONFIRMED' }, admin.token);
    const res = await t.gql(LEDGER, { id }, admin.token);
    const [{ fullName }] = await t.services.ds.query(`SELECT full_name AS "fullName" FROM app_user WHERE id = $1`, [
      admin.user.id,
    ]);
    expect(res.body.data.transactionLedgerEntries).toEqual([
      { bucket: 'investment', delta: '10300.00000', reason: 'DEPOSIT_CONFIRMED', actorName: fullName },
      { bucket: 'bitcoin', delta: '10300.00000', reason: 'DEPOSIT_CONFIRMED', actorName: fullName },
    ]);
    expect((await t.gql(LEDGER, { id }, investor.token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  const run = randomUUID().slice(0, 8);
  const LIST = `query T($from: String, $to: String, $status: TrxStatus) {
    adminTransactions(page: 1, pageSize: 50, from: $from, to: $to, status: $status, search: "Dated${run}") { total items { id } }
  }`;

  it('filters the admin list by the days submitted (UTC, both ends included) and refuses a wrong range', async () => {
    const ids: string[] = [];
    for (const [day, time] of [
      ['2024-03-09', '23:59:59'],
      ['2024-03-10', '00:00:00'],
      ['2024-03-12', '23:59:59'],
      ['2024-03-13', '00:00:00'],
    ]) {
      const investor = await t.createUser(UserType.INVESTOR, { fullName: `Dated${run} Investor` });
      const res = await t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({
          trxType: 'DEPOSIT',
          planId: goldId,
          crypto: 'bitcoin',
          amount: '10000',
          transactionId: `dated-${run}-${++seq}`,
        });
      expect(res.body).toMatchObject({ data: { id: expect.any(String) } });
      const id = res.body.data.id as string;
      await t.services.ds.query(`UPDATE "transaction" SET created_at = $2 WHERE id = $1`, [id, `${day}T${time}Z`]);
      ids.push(id);
    }
    const within = await t.gql(LIST, { from: '2024-03-10', to: '2024-03-12' }, admin.token);
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data.adminTransactions.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [ids[1], ids[2]].sort(),
    );
    const onlyFrom = await t.gql(LIST, { from: '2024-03-13', status: 'PENDING' }, admin.token);
    expect(onlyFrom.body.data.adminTransactions.items.map((i: { id: string }) => i.id)).toContain(ids[3]);
    expect(onlyFrom.body.data.adminTransactions.items.map((i: { id: string }) => i.id)).not.toContain(ids[2]);
    const backwards = await t.gql(LIST, { from: '2024-03-12', to: '2024-03-10' }, admin.token);
    expect(backwards.body.errors[0].extensions.fields).toEqual([
      { field: 'to', message: 'the last day must not be before the first' },
    ]);
    const notADay = await t.gql(LIST, { from: '2024-02-30' }, admin.token);
    expect(notADay.body.errors[0].extensions.fields).toEqual([
      { field: 'from', message: 'use a date like 2026-01-31' },
    ]);
  });
});
