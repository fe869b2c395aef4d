import { randomUUID } from 'node:crypto';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { TrxStatus } from '../transaction/transaction.entity';
import { UserType } from '../user/user.entity';
import {
  adjust,
  buckets,
  confirmedDeposit,
  eventKinds,
  ledgerMismatches,
  PAST_TERM_SECONDS,
  setStatus,
  settlementEntries,
  stateOf,
} from '../../test/settlement-fixtures';
import { SETTLE_JOB } from './settlement.service';

// The admin's side of settlement (issue 12): review mode's "Due for settlement" queue, deposits held
// because a bucket would go negative, settling from the queue, and settled deposits frozen.

let db: ScratchDatabase;
/** Two instances on one database: `auto` (the default) and `review` (SETTLEMENT_MODE=review). */
let auto: TestApp;
let review: TestApp;
const clock = new ManualClock();
let admin: { user: { id: string }; token: string };
beforeAll(async () => {
  db = await createScratchDatabase();
  auto = await startTestApp({}, { clock, databaseUrl: db.url });
  review = await startTestApp({ SETTLEMENT_MODE: 'review' }, { clock, databaseUrl: db.url });
  admin = await auto.createUser(UserType.ADMIN, { fullName: 'Ada Admin' });
});
afterAll(async () => {
  await review.close();
  await auto.close();
  await db.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SETTLE = `mutation S($ids: [ID!]!, $key: String) {
  settleDeposits(ids: $ids, idempotencyKey: $key) { id settled reason transaction { id settlementState settledAt } } }`;
const QUEUE = `{ settlementQueue { total items { id settlementState settlementNote maturesAt user { email } } } }`;

describe('settlement jobs', () => {
  it('confirming enqueues the settle job at maturity; a job that comes early (clock skew) waits for the rest', async () => {
    const investor = await auto.createUser();
    const id = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Starter', '1000');
    const { maturesAt } = await stateOf(auto.services.ds, id);
    const jobs = await auto.services.ds.query(
      `SELECT start_after AS "startAfter" FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'transactionId' = $2`,
      [SETTLE_JOB, id],
    );
    expect(jobs.map((j: { startAfter: Date }) => j.startAfter.getTime())).toEqual([maturesAt!.getTime()]);
    expect(await auto.services.settlement.settleOne(id)).toBe('rescheduled');
    const [again] = await auto.services.ds.query(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'transactionId' = $2`,
      [SETTLE_JOB, id],
    );
    expect(again.n).toBe(2);
    clock.advanceSeconds(PAST_TERM_SECONDS);
    expect(await auto.services.settlement.settleOne(id)).toBe('settled');
    expect(await auto.services.settlement.settleOne(id)).toBe('skipped'); // the duplicate job: nothing
    expect(await buckets(auto.services.ds, investor.user.id)).toMatchObject({
      balance: '1100.00000',
      profit: '100.00000',
    });
  });
});

describe('review mode', () => {
  it('marks matured deposits due; an admin settles two in one action, audited, and a retry replays', async () => {
    const a = await auto.createUser();
    const b = await auto.createUser();
    const first = await confirmedDeposit(review.services, admin.user.id, a.user.id, 'Gold', '10000');
    clock.advanceSeconds(60);
    const second = await confirmedDeposit(review.services, admin.user.id, b.user.id, 'Premium', '6000.50', 'ethereum');
    clock.advanceSeconds(PAST_TERM_SECONDS);
    // Review mode: the job marks its deposit due instead of paying.
    expect(await review.services.settlement.settleOne(first)).toBe('due');
    expect((await review.services.settlement.settleDue()).due).toBeGreaterThanOrEqual(1);
    for (const id of [first, second]) {
      expect(await stateOf(review.services.ds, id)).toMatchObject({ settlementState: 'DUE' });
      expect(await eventKinds(review.services.ds, id)).toEqual(['SUBMITTED', 'CONFIRMED', 'MATURED']);
      expect(await settlementEntries(review.services.ds, id)).toEqual([]);
    }
    // A due deposit stays due: neither instance's sweep nor job pays it.
    await auto.services.settlement.settleDue();
    expect(await auto.services.settlement.settleOne(first)).toBe('skipped');
    expect(await stateOf(review.services.ds, first)).toMatchObject({ settlementState: 'DUE' });

    const queue = await review.gql(QUEUE, {}, admin.token);
    const ids = queue.body.data.settlementQueue.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second)); // oldest maturity first
    expect(queue.body.data.settlementQueue.items.find((i: { id: string }) => i.id === first)).toMatchObject({
      settlementState: 'DUE',
      user: { email: a.user.email },
    });

    const key = randomUUID();
    const res = await review.gql(SETTLE, { ids: [first, second], key }, admin.token);
    expect(res.body.data.settleDeposits).toEqual([
      expect.objectContaining({ id: first, settled: true, reason: null }),
      expect.objectContaining({ id: second, settled: true, reason: null }),
    ]);
    expect(res.body.data.settleDeposits[0].transaction).toMatchObject({ settlementState: 'SETTLED' });
    expect(await buckets(review.services.ds, a.user.id)).toMatchObject({
      profit: '5000.00000',
      balance: '15000.00000',
    });
    expect(await buckets(review.services.ds, b.user.id)).toMatchObject({
      profit: '1500.12500',
      balance: '7500.62500',
      ethereum: '0.00000',
      investment: '0.00000',
    });
    // A retry with the same key replays the answer and changes nothing; a new key is told why not.
    const replay = await review.gql(SETTLE, { ids: [first, second], key }, admin.token);
    expect(replay.body.data.settleDeposits.map((r: { settled: boolean }) => r.settled)).toEqual([true, true]);
    const again = await review.gql(SETTLE, { ids: [first], key: randomUUID() }, admin.token);
    expect(again.body.data.settleDeposits[0]).toMatchObject({
      settled: false,
      reason: 'This deposit has already been settled',
    });
    const audits = await review.services.ds.query(
      `SELECT subject_id, actor_id FROM audit_event WHERE action = 'settlement.manual' AND subject_id = ANY($1) ORDER BY id`,
      [[first, second]],
    );
    expect(audits).toEqual([
      { subject_id: first, actor_id: admin.user.id },
      { subject_id: second, actor_id: admin.user.id },
    ]);
    const [row] = await review.services.ds.query(`SELECT mode, actor_id FROM settlement WHERE transaction_id = $1`, [
      first,
    ]);
    expect(row).toEqual({ mode: 'manual', actor_id: admin.user.id });
    expect(await eventKinds(review.services.ds, first)).toEqual(['SUBMITTED', 'CONFIRMED', 'MATURED', 'SETTLED']);
    expect(await ledgerMismatches(review.services.ds, [a.user.id, b.user.id])).toEqual([]);
  });

  it('REST: GET /api/settlements/due and POST /api/settlements with an Idempotency-Key; admins only', async () => {
    const investor = await auto.createUser();
    const id = await confirmedDeposit(review.services, admin.user.id, investor.user.id, 'Starter', '150.55');
    const early = await review.http
      .post('/api/settlements')
      .set(bearer(admin.token))
      .send({ ids: [id] });
    expect(early.body.data[0]).toMatchObject({ id, settled: false });
    expect(early.body.data[0].reason).toMatch(/^The deposit matures at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await review.services.settlement.settleDue();
    const due = await review.http.get('/api/settlements/due?limit=50').set(bearer(admin.token));
    expect(due.status).toBe(200);
    expect(due.body.data.find((t: { _id: string }) => t._id === id)).toMatchObject({
      settlementState: 'DUE',
      amount: 150.55,
      user: { email: investor.user.email },
    });
    const key = randomUUID();
    const unknown = randomUUID();
    const send = () =>
      review.http
        .post('/api/settlements')
        .set(bearer(admin.token))
        .set('Idempotency-Key', key)
        .send({ ids: [id, unknown, 'nonsense'] });
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { settled: boolean; reason: string | null }) => [r.settled, r.reason])).toEqual([
      [true, null],
      [false, 'Transaction not found'],
      [false, 'Transaction not found'],
    ]);
    expect(res.body.data[0].transaction).toMatchObject({ _id: id, settlementState: 'SETTLED' });
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(await settlementEntries(review.services.ds, id)).toHaveLength(5); // once
    expect(await buckets(review.services.ds, investor.user.id)).toMatchObject({ profit: '15.05500' });

    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [1] }]) {
      const bad = await review.http.post('/api/settlements').set(bearer(admin.token)).send(body);
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].field).toBe('ids');
    }
    expect((await review.http.get('/api/settlements/due').set(bearer(investor.token))).status).toBe(403);
    expect((await review.http.post('/api/settlements').send({ ids: [id] })).status).toBe(401);
    expect((await review.gql(QUEUE, {}, investor.token)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('held deposits', () => {
  it('holds a deposit whose coin bucket was lowered, with the reason, until an admin fixes the account and settles it', async () => {
    const investor = await auto.createUser();
    const id = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Gold', '20000');
    await adjust(auto.services.ds, investor.user.id, 'bitcoin', '-5000'); // an admin lowered bitcoin meanwhile
    clock.advanceSeconds(PAST_TERM_SECONDS);
    const before = await buckets(auto.services.ds, investor.user.id);
    expect((await auto.services.settlement.settleDue()).held).toBeGreaterThanOrEqual(1);
    const reason = "The account's bitcoin balance is lower than the deposit";
    expect(await stateOf(auto.services.ds, id)).toMatchObject({ settlementState: 'HELD', settlementNote: reason });
    expect(await buckets(auto.services.ds, investor.user.id)).toEqual(before); // nothing applied
    expect(await settlementEntries(auto.services.ds, id)).toEqual([]);
    const [held] = await auto.services.ds.query(
      `SELECT reason FROM transaction_event WHERE transaction_id = $1 AND kind = 'SETTLEMENT_HELD'`,
      [id],
    );
    expect(held.reason).toBe(reason);
    expect(await eventKinds(auto.services.ds, id)).toEqual(['SUBMITTED', 'CONFIRMED', 'MATURED', 'SETTLEMENT_HELD']);

    // Held deposits wait for the admin: neither the job nor the sweep retries them.
    expect(await auto.services.settlement.settleOne(id)).toBe('skipped');
    const queue = await auto.gql(QUEUE, {}, admin.token);
    expect(queue.body.data.settlementQueue.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      settlementState: 'HELD',
      settlementNote: reason,
    });
    // Settling before the account is fixed says why, and records nothing new.
    const refused = await auto.gql(SETTLE, { ids: [id] }, admin.token);
    expect(refused.body.data.settleDeposits[0]).toMatchObject({ settled: false, reason });
    expect(await eventKinds(auto.services.ds, id)).toHaveLength(4);

    await adjust(auto.services.ds, investor.user.id, 'bitcoin', '5000'); // the admin fixes the account
    const settled = await auto.gql(SETTLE, { ids: [id] }, admin.token);
    expect(settled.body.data.settleDeposits[0]).toMatchObject({ settled: true, reason: null });
    expect(await stateOf(auto.services.ds, id)).toMatchObject({ settlementState: 'SETTLED', settlementNote: null });
    expect(await buckets(auto.services.ds, investor.user.id)).toMatchObject({
      profit: '10000.00000',
      balance: '30000.00000',
      bitcoin: '0.00000',
      investment: '0.00000',
    });
    expect(await ledgerMismatches(auto.services.ds, [investor.user.id])).toEqual([]);
  });

  it('holds only the deposit that does not fit when an account has several (the others settle)', async () => {
    const investor = await auto.createUser();
    const small = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Starter', '1000', 'usdt');
    clock.advanceSeconds(1);
    const big = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Gold', '10000', 'usdt');
    clock.advanceSeconds(1);
    const btc = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Starter', '2000');
    await adjust(auto.services.ds, investor.user.id, 'investment', '-9000'); // investment 4000 left for 13000
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await auto.services.settlement.settleDue();
    expect((await stateOf(auto.services.ds, small)).settlementState).toBe('SETTLED');
    expect(await stateOf(auto.services.ds, big)).toMatchObject({
      settlementState: 'HELD',
      settlementNote: "The account's investment is lower than the deposit",
    });
    expect((await stateOf(auto.services.ds, btc)).settlementState).toBe('SETTLED');
    expect(await ledgerMismatches(auto.services.ds, [investor.user.id])).toEqual([]);
  });
});

describe('settled deposits are frozen', () => {
  it('refuses to decline or reopen a settled deposit (409) on both transports, and changes nothing', async () => {
    const investor = await auto.createUser();
    const id = await confirmedDeposit(auto.services, admin.user.id, investor.user.id, 'Starter', '500');
    clock.advanceSeconds(PAST_TERM_SECONDS);
    expect(await auto.services.settlement.settleOne(id)).toBe('settled');
    const before = await buckets(auto.services.ds, investor.user.id);
    const rest = await auto.http
      .put(`/api/transaction/${id}`)
      .set(bearer(admin.token))
      .send({ status: 'DECLINED', reason: 'changed my mind' });
    expect(rest.status).toBe(409);
    expect(rest.body.errors[0].error).toBe('This deposit has been settled');
    const gql = await auto.gql(
      `mutation { setTransactionStatus(id: "${id}", status: PENDING) { id } }`,
      {},
      admin.token,
    );
    expect(gql.body.errors[0]).toMatchObject({
      message: 'This deposit has been settled',
      extensions: { code: 'CONFLICT' },
    });
    // Confirming it again is no change at all.
    expect((await setStatus(auto.services, admin.user.id, id, TrxStatus.CONFIRMED)).status).toBe('CONFIRMED');
    expect(await buckets(auto.services.ds, investor.user.id)).toEqual(before);
    expect(await stateOf(auto.services.ds, id)).toMatchObject({ status: 'CONFIRMED', settlementState: 'SETTLED' });
    expect(await eventKinds(auto.services.ds, id)).toEqual(['SUBMITTED', 'CONFIRMED', 'SETTLED']);
  });
});
