import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { buckets, confirmedDeposit, makeDeposit, setStatus } from '../../test/settlement-fixtures';
import { TrxStatus } from '../transaction/transaction.entity';
import { statementsOf } from '../../test/statements';
import { settlementProfitOfY } from '../settlement';
import { UserType } from '../user/user.entity';
import { startOfUtcDay, startOfUtcWeek, utcDay } from './overview-range';
import type { AdminOverviewData } from './overview.service';

// The admin overview (issue 38): exact sums over a database this file populates on its own
// (pending vs confirmed vs declined, settled vs due, obligations by maturity day, quiet days as
// zero), admins only, range checks as field errors, and one SQL statement whatever the range.

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
let db: ScratchDatabase;
let t: TestApp;
const clock = new ManualClock();
let now: Date;
let today: Date;
let admin: { token: string; user: { id: string } };
let investorToken: string;
const userIds: string[] = [];

/** A day `n` days from today (negative: before), at `plusMs` after its midnight UTC. */
const dayAt = (n: number, plusMs = 12 * HOUR) => new Date(today.getTime() + n * DAY + plusMs);
const dayName = (n: number) => utcDay(dayAt(n, 0));

/** Inserts a transaction row as its lifecycle would have left it. */
async function insertTx(row: {
  userId: string;
  type: 'DEPOSIT' | 'WITHDRAWAL';
  status: 'PENDING' | 'CONFIRMED' | 'DECLINED';
  amount: string;
  confirmedAt?: Date;
  maturesAt?: Date;
  percent?: string;
  returnsPrincipal?: boolean;
  state?: 'DUE' | 'HELD' | 'SETTLED';
}) {
  const deposit = row.type === 'DEPOSIT';
  await t.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, plan_name, profit_percent, duration_hours,
                                returns_principal, wallet, confirmed_at, matures_at, settlement_state, settled_at)
     VALUES ($1, $2, $3, $4, 'bitcoin', $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      row.userId,
      row.type,
      row.status,
      row.amount,
      deposit ? 'Test plan' : null,
      deposit ? (row.percent ?? '10') : null,
      deposit ? 24 : null,
      deposit ? (row.returnsPrincipal ?? true) : null,
      deposit ? null : 'bc1qoverviewtest',
      row.confirmedAt ?? null,
      row.maturesAt ?? null,
      row.state ?? null,
      row.state === 'SETTLED' ? row.maturesAt : null,
    ],
  );
}

const QUERY = `query Overview($days: Int, $from: String, $to: String) {
  adminOverview(days: $days, from: $from, to: $to) {
    from to assetsUnderManagement balancesOwed
    pendingDeposits { count sum } pendingWithdrawals { count sum }
    dueForSettlement { count sum payout }
    newInvestors { thisWeek lastWeek weekStart }
    flows { day deposits depositSum withdrawals withdrawalSum }
    flowTotals { deposits depositSum withdrawals withdrawalSum }
    obligations { day count principal profit total }
    obligationsTotal
  }
}`;

const ask = async (variables: Record<string, unknown>, token = admin.token) => {
  const res = await t.gql(QUERY, variables, token);
  return res.body as {
    data: { adminOverview: Omit<AdminOverviewData, 'asOf' | 'newInvestors'> & { newInvestors: unknown } } | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
};

beforeAll(async () => {
  db = await createScratchDatabase(); // sums over every account and transaction: this file's own database
  t = await startTestApp({}, { clock, databaseUrl: db.url });
  now = clock.now();
  today = startOfUtcDay(now);
  admin = await t.createUser(UserType.ADMIN);
  const [a, b, c] = [await t.createUser(), await t.createUser(), await t.createUser()];
  investorToken = a.token;
  userIds.push(a.user.id, b.user.id, c.user.id);
  await t.fund(a.user.id, '1000.50');
  await t.fund(b.user.id, '200.25');
  await t.fund(c.user.id, '5000');
  // Through the real services: B's deposit waits for an admin; C's is confirmed now (a Starter
  // plan, 10 %, 24 hours: it matures tomorrow).
  await makeDeposit(t.services, b.user.id, 'Starter', '300');
  await confirmedDeposit(t.services, admin.user.id, c.user.id, 'Starter', '1500');
  // Confirmed, then taken back: counted on its day, then taken off it (the per-day table's triggers).
  const reversed = await confirmedDeposit(t.services, admin.user.id, a.user.id, 'Starter', '177.77');
  await setStatus(t.services, admin.user.id, reversed, TrxStatus.DECLINED, 'Payment bounced');

  const A = a.user.id;
  const B = b.user.id;
  await insertTx({ userId: B, type: 'WITHDRAWAL', status: 'PENDING', amount: '120.10' });
  await insertTx({ userId: A, type: 'WITHDRAWAL', status: 'PENDING', amount: '79.90' });
  // Declined: nowhere.
  await insertTx({ userId: A, type: 'DEPOSIT', status: 'DECLINED', amount: '999' });
  await insertTx({ userId: A, type: 'WITHDRAWAL', status: 'DECLINED', amount: '50' });
  // Confirmed withdrawals: two on day -2, one exactly at the 7-day range's first instant, one exactly at today's.
  await insertTx({ userId: A, type: 'WITHDRAWAL', status: 'CONFIRMED', amount: '40.00', confirmedAt: dayAt(-2) });
  await insertTx({ userId: B, type: 'WITHDRAWAL', status: 'CONFIRMED', amount: '10.01', confirmedAt: dayAt(-2, 1) });
  await insertTx({ userId: A, type: 'WITHDRAWAL', status: 'CONFIRMED', amount: '5.55', confirmedAt: dayAt(-6, 0) });
  await insertTx({ userId: A, type: 'WITHDRAWAL', status: 'CONFIRMED', amount: '3.33', confirmedAt: dayAt(0, 0) });
  // Settled: in the series, not due, not an obligation.
  await insertTx({
    userId: A,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount: '250.00',
    confirmedAt: dayAt(-5),
    maturesAt: dayAt(-4),
    state: 'SETTLED',
  });
  // Due: matured and not settled, in each state (not taken yet, HELD, DUE).
  await insertTx({
    userId: A,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount: '100.00',
    confirmedAt: dayAt(-3),
    maturesAt: dayAt(-2),
  });
  await insertTx({
    userId: B,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount: '200.00',
    percent: '25',
    returnsPrincipal: false,
    confirmedAt: dayAt(-4),
    maturesAt: dayAt(-3),
    state: 'HELD',
  });
  await insertTx({
    userId: B,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount: '80.00',
    confirmedAt: dayAt(-20),
    maturesAt: dayAt(-19),
    state: 'DUE',
  });
  // Running: maturing on day +3 (twice: one keeps its principal), on day +29 (the window's last
  // day) and on day +30 (outside it). Confirmed long ago, so outside the series asked for.
  const longAgo = dayAt(-100);
  const running = { userId: A, type: 'DEPOSIT', status: 'CONFIRMED', confirmedAt: longAgo } as const;
  await insertTx({ ...running, amount: '1000.00', percent: '50', maturesAt: dayAt(3, 10 * HOUR) });
  await insertTx({
    ...running,
    amount: '333.33',
    percent: '65',
    returnsPrincipal: false,
    maturesAt: dayAt(3, 20 * HOUR),
  });
  await insertTx({ ...running, amount: '10.00', maturesAt: dayAt(29, DAY - 1) });
  await insertTx({ ...running, amount: '10.00', maturesAt: dayAt(30, 0) });

  // Sign-ups around the week boundaries (Monday 00:00 UTC); admins are not investors.
  const weekStart = startOfUtcWeek(now);
  const signedUp = [
    weekStart,
    new Date(weekStart.getTime() - 1),
    new Date(weekStart.getTime() - 7 * DAY),
    new Date(weekStart.getTime() - 7 * DAY - 1),
  ];
  for (const at of signedUp) {
    const { user } = await t.createUser();
    await t.services.ds.query(`UPDATE app_user SET created_at = $2 WHERE id = $1`, [user.id, at]);
  }
  await t.createUser(UserType.ADMIN);
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** A quiet day of the series. */
const quiet = (day: string) => ({ day, deposits: 0, depositSum: '0.00', withdrawals: 0, withdrawalSum: '0.00' });

describe('adminOverview', () => {
  it('sums money and counts to the cent: pending vs confirmed vs declined, settled vs due, sign-ups by week', async () => {
    const { data, errors } = await ask({ days: 7 });
    expect(errors).toBeUndefined();
    const o = data!.adminOverview;
    // Balances: the three fundings; investment: C's confirmed deposit (what the accounts hold).
    const all = await Promise.all(userIds.map((id) => buckets(t.services.ds, id)));
    const sum = (k: string) => all.reduce((s, b) => s.plus(b[k]), new Decimal(0)).toFixed(5);
    expect(o.balancesOwed).toBe('6200.75000');
    expect(o.balancesOwed).toBe(sum('balance'));
    expect(o.assetsUnderManagement).toBe('1500.00000');
    expect(o.assetsUnderManagement).toBe(sum('investment'));
    expect(o.pendingDeposits).toEqual({ count: 1, sum: '300.00' });
    expect(o.pendingWithdrawals).toEqual({ count: 2, sum: '200.00' });
    // 100 + 10 % and 80 + 10 % back with profit; the HELD 200 keeps its principal: 25 % profit only.
    expect(o.dueForSettlement).toEqual({ count: 3, sum: '380.00', payout: '248.00000' });
    expect(o.newInvestors).toEqual({
      thisWeek: 4, // A, B, C and the one at Monday 00:00
      lastWeek: 2,
      weekStart: startOfUtcWeek(now).toISOString(),
    });
  });

  it('gives every day of the range, quiet ones as zero, by confirmation day (UTC)', async () => {
    const o = (await ask({ days: 7 })).data!.adminOverview;
    expect([o.from, o.to]).toEqual([dayName(-6), dayName(0)]);
    expect(o.flows).toEqual([
      { ...quiet(dayName(-6)), withdrawals: 1, withdrawalSum: '5.55' },
      { ...quiet(dayName(-5)), deposits: 1, depositSum: '250.00' },
      { ...quiet(dayName(-4)), deposits: 1, depositSum: '200.00' },
      { ...quiet(dayName(-3)), deposits: 1, depositSum: '100.00' },
      { ...quiet(dayName(-2)), withdrawals: 2, withdrawalSum: '50.01' },
      quiet(dayName(-1)),
      { day: dayName(0), deposits: 1, depositSum: '1500.00', withdrawals: 1, withdrawalSum: '3.33' },
    ]);
    expect(o.flowTotals).toEqual({ deposits: 4, depositSum: '2050.00', withdrawals: 4, withdrawalSum: '58.89' });
    // An explicit range ends at the end of its last day: today's midnight row is out.
    const before = (await ask({ from: dayName(-6), to: dayName(-1) })).data!.adminOverview;
    expect(before.flows).toEqual(o.flows.slice(0, 6));
    expect((await ask({ days: 366 })).data!.adminOverview.flows).toHaveLength(366);
    expect((await ask({})).data!.adminOverview.flows).toHaveLength(30);
  });

  it('buckets what running deposits will pay by maturity day over the next 30 days', async () => {
    const o = (await ask({})).data!.adminOverview;
    expect(o.obligations).toHaveLength(30);
    expect(o.obligations[0].day).toBe(dayName(0));
    expect(o.obligations[29].day).toBe(dayName(29));
    const busy = o.obligations.filter((d) => d.count > 0);
    // C's Starter deposit matures 24 hours after now (tomorrow): 1500 back plus 150.
    const tomorrow = utcDay(new Date(now.getTime() + DAY));
    expect(busy).toEqual([
      { day: tomorrow, count: 1, principal: '1500.00000', profit: '150.00000', total: '1650.00000' },
      // 1000 back + 500, and 333.33 x 65 % = 216.6645 without its principal.
      { day: dayName(3), count: 2, principal: '1000.00000', profit: '716.66450', total: '1716.66450' },
      { day: dayName(29), count: 1, principal: '10.00000', profit: '1.00000', total: '11.00000' },
    ]);
    expect(o.obligationsTotal).toBe('3377.66450'); // 1650 + 1716.6645 + 11
    for (const d of o.obligations.filter((x) => x.count === 0))
      expect(d).toMatchObject({ principal: '0.00000', profit: '0.00000', total: '0.00000' });
  });

  it("computes a running deposit's profit as settlement_profit does, half-even ties included", async () => {
    // 100,000 amount and percent pairs; amount x percent x 1000 ends in .5 for one in ten of them.
    const [{ differ, ties }] = await t.services.ds.query(
      `SELECT count(*) FILTER (WHERE settlement_profit(a, p) IS DISTINCT FROM ${settlementProfitOfY('w.y')}::numeric(20,5))::int AS differ,
              count(*) FILTER (WHERE w.y - floor(w.y) = 0.5)::int AS ties
         FROM generate_series(1, 100000) x,
              LATERAL (SELECT (x * 7 % 1000000)::numeric(20,2) / 100 AS a, (x % 7001)::numeric(6,2) / 100 AS p) v,
              LATERAL (SELECT a * p * 1000 AS y) w`,
    );
    expect(ties).toBeGreaterThan(1000);
    expect(differ).toBe(0);
  });

  it('is one SQL statement whatever the range', async () => {
    for (const days of [1, 90, 366])
      expect(await statementsOf(() => t.services.adminOverview.overview({ days }))).toBe(1);
  });

  it('answers administrators only', async () => {
    const refused = await ask({}, investorToken);
    expect(refused.data).toBeNull();
    expect(refused.errors![0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(QUERY, {});
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a range it cannot serve with a clear field error, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: dayName(0), to: dayName(-1) }, 'from must be on or before to'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'The range is 367 days; at most 366 days at a time'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from must be a day written YYYY-MM-DD, e.g. 2026-11-01'],
      [{ from: dayName(-1) }, 'Give both from and to'],
      [{ days: 0 }, 'days must be a whole number from 1 to 366'],
      [{ days: 367 }, 'days must be a whole number from 1 to 366'],
      [{ days: 7, from: dayName(-1), to: dayName(0) }, 'Give either days or from and to, not both'],
    ];
    for (const [variables, message] of cases) {
      const res = await t.gql(QUERY, variables, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect((await ask({ from: '2025-01-01', to: '2025-12-31' })).data!.adminOverview.flows).toHaveLength(365);
  });
});

/**
 * Every overview figure counted from the rows themselves, written apart from the triggers' SQL:
 * the account sums, pending per type, confirmed per type and day, running deposits per maturity day.
 */
const COUNTED = `
  SELECT 'accounts' AS figure, NULL AS trx_type, NULL::date AS day, count(*) AS n, sum(investment) AS a, sum(balance) AS b
    FROM account
  UNION ALL
  SELECT 'pending', trx_type, NULL, count(*), sum(amount), 0 FROM "transaction" WHERE status = 'PENDING' GROUP BY trx_type
  UNION ALL
  SELECT 'confirmed', trx_type, (confirmed_at AT TIME ZONE 'UTC')::date, count(*), sum(amount), 0
    FROM "transaction" WHERE status = 'CONFIRMED' AND confirmed_at IS NOT NULL GROUP BY 2, 3
  UNION ALL
  SELECT 'maturing', NULL, (matures_at AT TIME ZONE 'UTC')::date, count(*),
         sum(CASE WHEN returns_principal = false THEN 0 ELSE amount END), sum(settlement_profit(amount, profit_percent))
    FROM "transaction"
   WHERE trx_type = 'DEPOSIT' AND status = 'CONFIRMED' AND settlement_state IS NULL AND matures_at IS NOT NULL
   GROUP BY 3`;

/** `figures` (rows of figure, trx_type, day, n, a, b) summed per figure, type and day, as comparable text. */
const summed = (figures: string, q: Pick<DataSource, 'query'> = t.services.ds) =>
  q.query(`SELECT figure, trx_type, day::text, sum(n)::bigint::text AS n, sum(a)::numeric(30,5)::text AS a,
                  sum(b)::numeric(30,5)::text AS b
             FROM (${figures}) f GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(b) <> 0
            ORDER BY 1, 2 NULLS FIRST, 3 NULLS FIRST`) as Promise<Record<string, string | null>[]>;

const KEPT = `SELECT figure, trx_type, day, n, a, b FROM overview_total`;

describe("the overview's running totals", () => {
  it('equal counting the accounts and transactions themselves, through every kind of change and fold', async () => {
    const ds = t.services.ds;
    const keptNow = () => summed(KEPT);
    expect((await keptNow()).length).toBeGreaterThan(8);
    expect(await keptNow()).toEqual(await summed(COUNTED));

    // Statements of every shape: several rows at once, a status leaving and entering each figure,
    // a moved maturity day, a changed amount, a settled deposit, inserts and deletes of many rows.
    const changes = [
      `UPDATE "transaction" SET status = 'DECLINED', updated_at = now() WHERE status = 'PENDING' AND trx_type = 'WITHDRAWAL'`,
      `UPDATE "transaction" SET matures_at = matures_at + interval '2 days' WHERE amount = 1000 AND matures_at IS NOT NULL`,
      `UPDATE "transaction" SET amount = amount + 0.01 WHERE amount = 333.33`,
      `UPDATE "transaction" SET settlement_state = 'SETTLED', settled_at = matures_at WHERE settlement_state = 'HELD'`,
      `UPDATE "transaction" SET confirmed_at = confirmed_at - interval '1 day' WHERE trx_type = 'WITHDRAWAL' AND status = 'CONFIRMED'`,
      `INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, wallet)
         SELECT user_id, 'WITHDRAWAL', 'PENDING', 1.23 * g, 'bitcoin', 'bc1qtotals' FROM "transaction", generate_series(1, 3) g
          WHERE amount = 120.10`,
      `UPDATE account SET balance = balance + 0.5, investment = investment * 2`,
      `UPDATE account SET balance = balance`,
      `DELETE FROM "transaction" WHERE trx_type = 'WITHDRAWAL' AND status = 'DECLINED'`,
    ];
    for (const [i, sql] of changes.entries()) {
      await ds.query(sql);
      expect([i, await keptNow()]).toEqual([i, await summed(COUNTED)]);
      if (i === 4) {
        await t.services.adminOverview.foldTotals();
        expect(await keptNow()).toEqual(await summed(COUNTED));
      }
    }
    // A new investor (account and signup bonus through the service) is counted too.
    await t.createUser();
    expect(await keptNow()).toEqual(await summed(COUNTED));

    // Folded: one row per figure, type and day, nothing at zero; the sums unchanged.
    await t.services.adminOverview.foldTotals();
    const [{ rows, groups }] = await ds.query(
      `SELECT count(*)::int AS rows, count(DISTINCT (figure, trx_type, day))::int AS groups FROM overview_total`,
    );
    expect(rows).toBe(groups);
    expect(await keptNow()).toEqual(await summed(COUNTED));

    // And what the overview answers is those sums.
    const o = (await ask({ days: 7 })).data!.adminOverview;
    const [acc] = await ds.query(
      `SELECT sum(investment)::numeric(20,5)::text AS aum, sum(balance)::numeric(20,5)::text AS owed FROM account`,
    );
    expect([o.assetsUnderManagement, o.balancesOwed]).toEqual([acc.aum, acc.owed]);
    expect(o.pendingWithdrawals).toEqual({ count: 3, sum: '7.38' }); // 1.23 + 2.46 + 3.69
  });

  it('keeps nothing of a change rolled back, and a truncate empties the figures of its table', async () => {
    const runner = t.services.ds.createQueryRunner();
    const before = await summed(KEPT);
    try {
      await runner.startTransaction();
      await runner.query(`UPDATE account SET balance = balance + 7`);
      // (The append-only tables the cascade reaches refuse a truncate: their guards are off, inside
      // this transaction only.)
      await runner.query(`DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT DISTINCT g.tgrelid::regclass AS tbl FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
                  WHERE p.prosrc LIKE '%append-only%' LOOP
          EXECUTE format('ALTER TABLE %s DISABLE TRIGGER USER', r.tbl);
        END LOOP; END $$`);
      await runner.query(`TRUNCATE "transaction" CASCADE`);
      const inside = await summed(KEPT, runner);
      expect(inside.map((r) => r.figure)).toEqual(['accounts']);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect(await summed(KEPT)).toEqual(before);
    expect(before).toEqual(await summed(COUNTED));
  });
});
