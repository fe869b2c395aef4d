import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { statementsOf } from '../../test/statements';
import { UserType } from '../user/user.entity';
import {
  adjust,
  amountAfterMismatches,
  buckets,
  confirmedDeposit,
  eventKinds,
  ledgerMismatches,
  PAST_TERM_SECONDS,
  stateOf,
} from '../../test/settlement-fixtures';

// The sweep settles in set-based batches; the job settles one deposit at a time. Both must leave
// exactly the same ledger (entries, amounts after, buckets, states, timelines), including the
// accounts where one deposit can't apply and is held. And a batch costs a constant number of SQL
// statements, however many deposits it holds.

let db: ScratchDatabase;
let t: TestApp;
const clock = new ManualClock();
let adminId: string;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { clock, databaseUrl: db.url, tuning: { settlementBatchSize: 5 } });
  adminId = (await t.createUser(UserType.ADMIN)).user.id;
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** What each investor of a world deposits, in order: [plan, amount, coin]. */
const SCRIPT: [string, string, string][][] = [
  [
    ['Starter', '150.55', 'bitcoin'],
    ['Premium', '5000.01', 'bitcoin'],
    ['Gold', '12345.67', 'ethereum'],
  ],
  [['Platinum', '30000.33', 'usdt']],
  [
    ['Starter', '999.99', 'usdt'],
    ['Starter', '4000', 'usdt'],
    ['Gold', '10000', 'bnb'],
    ['Premium', '7000', 'litecoin'],
  ],
  // This account's bitcoin is lowered after confirmation: its second deposit can't apply and is held.
  [
    ['Starter', '1000', 'bitcoin'],
    ['Gold', '11000', 'bitcoin'],
    ['Starter', '500', 'ethereum'],
  ],
];

/** Makes one world: an investor per script line, deposits confirmed one second apart (a fixed order). */
async function world() {
  const users: string[] = [];
  const deposits: string[][] = [];
  for (const line of SCRIPT) {
    const investor = await t.createUser();
    users.push(investor.user.id);
    const ids = [];
    for (const [plan, amount, coin] of line) {
      ids.push(await confirmedDeposit(t.services, adminId, investor.user.id, plan, amount, coin));
      clock.advanceSeconds(1);
    }
    deposits.push(ids);
  }
  await adjust(t.services.ds, users[3], 'bitcoin', '-2000');
  return { users, deposits };
}

/** A world as comparable data: per account, its entries with deposits named by position, its buckets, states and timelines. */
async function snapshot(w: { users: string[]; deposits: string[][] }) {
  return Promise.all(
    w.users.map(async (userId, i) => {
      const names = new Map(w.deposits[i].map((id, k) => [id, `deposit ${k}`]));
      const entries = await t.services.ds.query(
        `SELECT l.reason, l.bucket, l.delta::text, l.amount_after::text AS after, l.transaction_id AS tx
           FROM ledger_entry l JOIN account a ON a.id = l.account_id WHERE a.user_id = $1 ORDER BY l.id`,
        [userId],
      );
      return {
        entries: entries.map((e: Record<string, string>) => [e.reason, e.bucket, e.delta, e.after, names.get(e.tx)]),
        buckets: await buckets(t.services.ds, userId),
        states: await Promise.all(
          w.deposits[i].map(async (id) => {
            const s = await stateOf(t.services.ds, id);
            return [s.settlementState, s.settlementNote, await eventKinds(t.services.ds, id)];
          }),
        ),
      };
    }),
  );
}

describe('batch and single settlement', () => {
  it('leave identical ledgers, holds included', async () => {
    const single = await world();
    const batch = await world();
    clock.advanceSeconds(PAST_TERM_SECONDS);
    // The job path, one deposit at a time in maturity order...
    for (const ids of single.deposits) for (const id of ids) await t.services.settlement.settleOne(id);
    // ...and the sweep over the other world, in batches of 5 (the last account straddles two).
    const swept = await t.services.settlement.settleDue();
    expect(swept).toEqual({ settled: 10, held: 1, due: 0 });

    const [a, b] = [await snapshot(single), await snapshot(batch)];
    expect(b).toEqual(a);
    expect(a[3].states[1]).toEqual([
      'HELD',
      "The account's bitcoin balance is lower than the deposit",
      ['SUBMITTED', 'CONFIRMED', 'MATURED', 'SETTLEMENT_HELD'],
    ]);
    const everyone = [...single.users, ...batch.users];
    expect(await ledgerMismatches(t.services.ds, everyone)).toEqual([]);
    expect(await amountAfterMismatches(t.services.ds, everyone)).toBe(0);
  });

  it('costs the same number of SQL statements for a batch of 3 deposits and one of 40', async () => {
    const sweepOf = async (count: number) => {
      const big = await startTestApp({}, { clock, databaseUrl: db.url, tuning: { settlementBatchSize: 1000 } });
      try {
        for (let i = 0; i < count; i += 1) {
          const investor = await t.createUser();
          await confirmedDeposit(t.services, adminId, investor.user.id, 'Starter', '150.55', 'usdt');
        }
        // Each notification mail is its own outbox row (and job) by design: off here, so the count is settlement's.
        await t.services.ds.query(`UPDATE app_user SET email_notifications = false`);
        clock.advanceSeconds(PAST_TERM_SECONDS);
        let result;
        const statements = await statementsOf(async () => (result = await big.services.settlement.settleDue()));
        expect(result).toEqual({ settled: count, held: 0, due: 0 });
        return statements;
      } finally {
        await big.close();
      }
    };
    const few = await sweepOf(3);
    const many = await sweepOf(40);
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(20);
  });
});
