import type { EntityManager } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { TrxStatus } from '../transaction/transaction.entity';
import { UserType } from '../user/user.entity';
import {
  amountAfterMismatches,
  buckets,
  confirmedDeposit,
  eventKinds,
  ledgerMismatches,
  PAST_TERM_SECONDS,
  settlementEntries,
  stateOf,
} from '../../test/settlement-fixtures';
import { CANDIDATE_COLUMNS, CANDIDATE_FROM } from './settlement-effects';
import { settleInBulk } from './settle-batch';

// Exactly once (issue 12): two instances settling the same deposits at once (the job on one, the
// sweep on the other), a settlement killed half-way, a state that lies, and a decline racing a
// settlement. The `settlement` row's primary key and the row locks are what make these hold.

let db: ScratchDatabase;
let a: TestApp;
let b: TestApp;
const clock = new ManualClock();
/** The seams: run inside each settlement's transaction once its deposits are locked, and after its ledger entries. */
let afterLock: ((m: EntityManager, ids: string[]) => Promise<void>) | null = null;
let afterLedger: ((m: EntityManager, ids: string[]) => Promise<void>) | null = null;
const hooks = {
  afterLock: (m: EntityManager, ids: string[]) => afterLock?.(m, ids) ?? Promise.resolve(),
  afterLedger: (m: EntityManager, ids: string[]) => afterLedger?.(m, ids) ?? Promise.resolve(),
};
let adminId: string;
let adminToken: string;
beforeAll(async () => {
  db = await createScratchDatabase();
  a = await startTestApp({}, { clock, databaseUrl: db.url, tuning: { settlementHooks: hooks } });
  b = await startTestApp(
    {},
    { clock, databaseUrl: db.url, tuning: { settlementHooks: hooks, settlementBatchSize: 7 } },
  );
  const admin = await a.createUser(UserType.ADMIN);
  adminId = admin.user.id;
  adminToken = admin.token;
});
afterEach(() => {
  afterLock = null;
  afterLedger = null;
});
afterAll(async () => {
  await b.close();
  await a.close();
  await db.drop();
});

/** `count` investors with `each` confirmed deposits (mixed plans and coins), matured by the clock. */
async function maturedDeposits(count: number, each: number) {
  const users: string[] = [];
  const ids: string[] = [];
  const plans: [string, string][] = [
    ['Starter', '150.55'],
    ['Premium', '5000.01'],
    ['Gold', '12345.67'],
    ['Platinum', '30000.33'],
  ];
  for (let u = 0; u < count; u += 1) {
    const investor = await a.createUser();
    users.push(investor.user.id);
    for (let k = 0; k < each; k += 1) {
      const [plan, amount] = plans[(u + k) % plans.length];
      const coin = ['bitcoin', 'ethereum', 'usdt'][k % 3];
      ids.push(await confirmedDeposit(a.services, adminId, investor.user.id, plan, amount, coin));
    }
  }
  clock.advanceSeconds(PAST_TERM_SECONDS);
  return { users, ids };
}

/** Each deposit has one settlement row and one set of settlement entries, and the ledger adds up. */
async function settledOnce(users: string[], ids: string[]) {
  const [{ rows }] = await a.services.ds.query(
    `SELECT count(*)::int AS rows FROM settlement WHERE transaction_id = ANY($1::uuid[])`,
    [ids],
  );
  expect(rows).toBe(ids.length);
  for (const id of ids) {
    expect((await settlementEntries(a.services.ds, id)).filter((e) => e[0] === 'SETTLEMENT_PROFIT')).toHaveLength(2);
    expect((await eventKinds(a.services.ds, id)).filter((k) => k === 'SETTLED')).toHaveLength(1);
    expect((await stateOf(a.services.ds, id)).settlementState).toBe('SETTLED');
  }
  expect(await ledgerMismatches(a.services.ds, users)).toEqual([]);
  expect(await amountAfterMismatches(a.services.ds, users)).toBe(0);
}

/** Waits until some backend of the database waits for a row lock (bounded; false if none did). */
async function someoneWaitsForALock(timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [{ n }] = await a.services.ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (n > 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('exactly once', () => {
  it('settles each deposit once while one instance runs the jobs and the other sweeps', async () => {
    const { users, ids } = await maturedDeposits(6, 5);
    const results = await Promise.allSettled([
      b.services.settlement.settleDue(),
      ...ids.map((id) => a.services.settlement.settleOne(id)),
      b.services.settlement.settleDue(),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await settledOnce(users, ids);
  });

  it('a settlement killed after its ledger entries leaves nothing; the retried job settles it once', async () => {
    const { users, ids } = await maturedDeposits(1, 1);
    const before = await buckets(a.services.ds, users[0]);
    afterLedger = async () => {
      throw new Error('crash after the ledger entries');
    };
    await expect(a.services.settlement.settleOne(ids[0])).rejects.toThrow('crash after the ledger entries');
    expect(await buckets(a.services.ds, users[0])).toEqual(before);
    expect(await settlementEntries(a.services.ds, ids[0])).toEqual([]);
    expect(await stateOf(a.services.ds, ids[0])).toMatchObject({ settlementState: null, settledAt: null });
    expect(await eventKinds(a.services.ds, ids[0])).toEqual(['SUBMITTED', 'CONFIRMED']);
    afterLedger = null;
    expect(await a.services.settlement.settleOne(ids[0])).toBe('settled');
    expect(await a.services.settlement.settleOne(ids[0])).toBe('skipped');
    await settledOnce(users, ids);
  });

  it('a sweep whose connection is terminated mid-batch leaves nothing; the next sweep settles each once', async () => {
    const { users, ids } = await maturedDeposits(3, 4);
    const before = await Promise.all(users.map((u) => buckets(a.services.ds, u)));
    afterLedger = async (m) => {
      await m.query('SELECT pg_terminate_backend(pg_backend_pid())'); // the database kills us mid-way
    };
    await expect(b.services.settlement.settleDue()).rejects.toThrow();
    expect(await Promise.all(users.map((u) => buckets(a.services.ds, u)))).toEqual(before);
    const [{ n }] = await a.services.ds.query(
      `SELECT count(*)::int AS n FROM settlement WHERE transaction_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(n).toBe(0);
    afterLedger = null;
    await b.services.settlement.settleDue();
    await settledOnce(users, ids);
  });

  it('the settlement row decides, even when the state column lies: nothing is paid twice', async () => {
    const { users, ids } = await maturedDeposits(2, 2);
    await b.services.settlement.settleDue();
    await settledOnce(users, ids);
    // A bug or a hand edit makes the deposits look unsettled again.
    await a.services.ds.query(
      `UPDATE "transaction" SET settlement_state = NULL, settled_at = NULL WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const results = await Promise.allSettled([
      b.services.settlement.settleDue(),
      a.services.settlement.settleOne(ids[0]),
      a.gql(`mutation S($ids: [ID!]!) { settleDeposits(ids: $ids) { settled reason } }`, { ids }, adminToken),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await settledOnce(users, ids);
  });

  it('the settlement table refuses a second settlement of a deposit, and the set-based path handed it again pays nothing', async () => {
    const { users, ids } = await maturedDeposits(1, 1);
    expect(await a.services.settlement.settleOne(ids[0])).toBe('settled');
    await expect(
      a.services.ds.query(
        `INSERT INTO settlement (transaction_id, account_id, profit, principal, mode, settled_at)
         SELECT transaction_id, account_id, profit, principal, 'auto', now() FROM settlement WHERE transaction_id = $1`,
        [ids[0]],
      ),
    ).rejects.toThrow(/settlement_pkey/);
    // As if every check before it had been skipped: the deposit, read as unsettled, goes through the batch again.
    const [d] = await a.services.ds.query(`SELECT ${CANDIDATE_COLUMNS} FROM ${CANDIDATE_FROM} WHERE t.id = $1`, [
      ids[0],
    ]);
    const ctx = { how: 'auto' as const, actorId: null, now: clock.now(), hooks: {}, events: [] };
    const paid = await a.services.ds.transaction((m) => settleInBulk(m, [{ ...d, alreadySettled: false }], ctx));
    expect(paid).toBe(0);
    expect(ctx.events).toEqual([]);
    await settledOnce(users, ids);
  });

  it.each(['job', 'sweep'])(
    'a decline racing a settlement (%s) waits for it and is refused: one clean winner, no error',
    async (path) => {
      const { users, ids } = await maturedDeposits(1, 1);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let paused!: () => void;
      const inSettlement = new Promise<void>((resolve) => (paused = resolve));
      // The settlement has read the deposit as confirmed and unsettled; nothing is written yet.
      afterLock = async (_m, locked) => {
        if (!locked.includes(ids[0])) return;
        paused();
        await released;
      };
      const settling = path === 'job' ? a.services.settlement.settleOne(ids[0]) : b.services.settlement.settleDue();
      await inSettlement;
      const declining = b.services.transactionStatus.setStatus(ids[0], TrxStatus.DECLINED, adminId, null, 'late');
      const declineResult = declining.then(
        () => 'declined',
        (err: Error) => err.message,
      );
      await someoneWaitsForALock();
      release();
      await expect(settling).resolves.toBeTruthy();
      expect(await declineResult).toBe('This deposit has been settled');
      await settledOnce(users, ids);
    },
  );
});
