import Decimal from 'decimal.js';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { UserType } from '../user/user.entity';
import {
  buckets,
  confirmedDeposit,
  eventKinds,
  ledgerMismatches,
  makeDeposit,
  PAST_TERM_SECONDS,
  setStatus,
  settlementEntries,
  stateOf,
} from '../../test/settlement-fixtures';
import { TrxStatus } from '../transaction/transaction.entity';

// Maturity and settlement amounts (issue 12): profit = amount x percent / 100 exactly (half-even
// to 5 decimals only when it has more), principal returned or not as the plan said at deposit time.

let db: ScratchDatabase;
let t: TestApp;
const clock = new ManualClock();
let adminId: string;
beforeAll(async () => {
  db = await createScratchDatabase(); // the sweep settles every matured deposit: this file's own database
  t = await startTestApp({}, { clock, databaseUrl: db.url });
  adminId = (await t.createUser(UserType.ADMIN)).user.id;
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

/** Profit as an independent rule computes it: exact, then half-even to 5 decimals. */
const expected = (amount: string, percent: string) =>
  new Decimal(amount).mul(percent).div(100).toDecimalPlaces(5, Decimal.ROUND_HALF_EVEN).toFixed(5);
const money = (d: Decimal.Value) => new Decimal(d).toFixed(5);

describe('settlement amounts', () => {
  it('settles every seeded plan at maturity, to the cent: profit in, principal back', async () => {
    const cases: [string, string, string][] = [
      ['Starter', '150.55', '10'],
      ['Starter', '4998.99', '10'],
      ['Premium', '5000.01', '25'],
      ['Premium', '7777.77', '25'],
      ['Gold', '12345.67', '50'],
      ['Gold', '30000', '50'],
      ['Platinum', '30000.33', '65'],
      ['Platinum', '1000000.01', '65'],
    ];
    const deposits = [];
    for (const [plan, amount, percent] of cases) {
      const investor = await t.createUser();
      const id = await confirmedDeposit(t.services, adminId, investor.user.id, plan, amount);
      deposits.push({ plan, amount, percent, id, userId: investor.user.id });
    }
    expect(expected('150.55', '10')).toBe('15.05500');
    for (const d of deposits) {
      const s = await stateOf(t.services.ds, d.id);
      expect(s.maturesAt!.getTime() - s.confirmedAt!.getTime()).toBe(24 * 3600 * 1000);
    }
    clock.advanceSeconds(24 * 3600 - 5); // not yet
    expect(await t.services.settlement.settleDue()).toEqual({ settled: 0, held: 0, due: 0 });
    clock.advanceSeconds(6);
    expect(await t.services.settlement.settleDue()).toEqual({ settled: cases.length, held: 0, due: 0 });

    for (const d of deposits) {
      const profit = expected(d.amount, d.percent);
      const amount = money(d.amount);
      expect(await buckets(t.services.ds, d.userId)).toMatchObject({
        profit,
        balance: money(new Decimal(profit).plus(d.amount)),
        investment: '0.00000',
        bitcoin: '0.00000',
      });
      expect(await settlementEntries(t.services.ds, d.id)).toEqual([
        ['SETTLEMENT_PROFIT', 'profit', profit, profit],
        ['SETTLEMENT_PROFIT', 'balance', profit, profit],
        ['PRINCIPAL_RETURNED', 'investment', `-${amount}`, '0.00000'],
        ['PRINCIPAL_RETURNED', 'bitcoin', `-${amount}`, '0.00000'],
        ['PRINCIPAL_RETURNED', 'balance', amount, money(new Decimal(profit).plus(amount))],
      ]);
      expect(await stateOf(t.services.ds, d.id)).toMatchObject({ status: 'CONFIRMED', settlementState: 'SETTLED' });
      expect(await eventKinds(t.services.ds, d.id)).toEqual(['SUBMITTED', 'CONFIRMED', 'SETTLED']);
      const [settled] = await t.services.ds.query(
        `SELECT data FROM transaction_event WHERE transaction_id = $1 AND kind = 'SETTLED'`,
        [d.id],
      );
      expect(settled.data).toEqual({ profit, principal: amount });
    }
    expect(
      await ledgerMismatches(
        t.services.ds,
        deposits.map((d) => d.userId),
      ),
    ).toEqual([]);
    // Nothing left to do: a second sweep finds nothing.
    expect(await t.services.settlement.settleDue()).toEqual({ settled: 0, held: 0, due: 0 });
  });

  it('rounds half-even to 5 decimals when the profit has more, and keeps the principal when the plan says so', async () => {
    // A plan with a two-decimal percentage and no principal back, 48 hours.
    await t.services.ds.query(
      `INSERT INTO plan (name, min_amount, max_amount, profit_percent, duration_hours, sort_order, returns_principal)
       VALUES ('Odd', 100, NULL, 12.35, 48, 9, false)`,
    );
    const amounts = ['150.55', '150.57', '150.53', '150.58', '150.52'];
    const rows = [];
    for (const amount of amounts) {
      const investor = await t.createUser();
      const id = await confirmedDeposit(t.services, adminId, investor.user.id, 'Odd', amount, 'usdt');
      rows.push({ amount, id, userId: investor.user.id });
    }
    // Later plan edits change nothing for these deposits (they copied the term and the rule).
    await t.services.ds.query(
      `UPDATE plan SET duration_hours = 1, returns_principal = true, profit_percent = 99 WHERE name = 'Odd'`,
    );
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleDue(); // 48 hours, not 24: nothing yet
    for (const r of rows) expect(await stateOf(t.services.ds, r.id)).toMatchObject({ settlementState: null });
    clock.advanceSeconds(24 * 3600);
    await t.services.settlement.settleDue();

    const profits = [];
    for (const r of rows) {
      const profit = expected(r.amount, '12.35');
      profits.push(profit);
      expect(await buckets(t.services.ds, r.userId)).toMatchObject({
        profit,
        balance: profit,
        investment: money(r.amount),
        usdt: money(r.amount),
      });
      expect(await settlementEntries(t.services.ds, r.id)).toEqual([
        ['SETTLEMENT_PROFIT', 'profit', profit, profit],
        ['SETTLEMENT_PROFIT', 'balance', profit, profit],
      ]);
    }
    // 18.592925 -> 18.59292 (tie, even), 18.595395 -> 18.59540 (tie, odd), 18.590455 -> 18.59046,
    // 18.59663 exact, 18.58922 exact.
    expect(profits).toEqual(['18.59292', '18.59540', '18.59046', '18.59663', '18.58922']);
    expect(
      await ledgerMismatches(
        t.services.ds,
        rows.map((r) => r.userId),
      ),
    ).toEqual([]);
  });

  it('a deposit declined before maturity has no term and is never settled; a new confirmation starts a new term', async () => {
    const investor = await t.createUser();
    const id = await confirmedDeposit(t.services, adminId, investor.user.id, 'Starter', '200');
    clock.advanceSeconds(3600);
    await setStatus(t.services, adminId, id, TrxStatus.DECLINED, 'Proof does not match');
    expect(await stateOf(t.services.ds, id)).toMatchObject({ maturesAt: null, confirmedAt: null });
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleDue();
    expect(await stateOf(t.services.ds, id)).toMatchObject({ status: 'DECLINED', settlementState: null });
    expect(await t.services.settlement.settleOne(id)).toBe('skipped'); // its job, when it comes
    expect(await settlementEntries(t.services.ds, id)).toEqual([]);

    await setStatus(t.services, adminId, id, TrxStatus.CONFIRMED);
    const term = await stateOf(t.services.ds, id);
    expect(term.confirmedAt!.getTime()).toBe(clock.now().getTime());
    expect(term.maturesAt!.getTime()).toBe(clock.now().getTime() + 24 * 3600 * 1000);
    expect(await t.services.settlement.settleOne(id)).toBe('rescheduled'); // the old job: not due by the new term
    clock.advanceSeconds(PAST_TERM_SECONDS);
    expect(await t.services.settlement.settleOne(id)).toBe('settled');
    expect(await eventKinds(t.services.ds, id)).toEqual(['SUBMITTED', 'CONFIRMED', 'DECLINED', 'CONFIRMED', 'SETTLED']);
    expect(await buckets(t.services.ds, investor.user.id)).toMatchObject({ profit: '20.00000', balance: '220.00000' });
  });

  it('withdrawals have no term: confirming one records the event and nothing matures', async () => {
    const investor = await t.createUser();
    // The address before the money: saved after money came in it would wait a day (issue 33).
    await t.http
      .put('/api/account')
      .set({ authorization: `Bearer ${investor.token}` })
      .send({ wallet: { usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } })
      .expect(200);
    await t.fund(investor.user.id, '500');
    const w = await t.services.transactions.requestWithdrawal(
      { crypto: 'usdt', amount: '100', wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { userId: investor.user.id, ip: null },
    );
    await setStatus(t.services, adminId, w.id, TrxStatus.CONFIRMED, 'Sent');
    expect(await stateOf(t.services.ds, w.id)).toMatchObject({ status: 'CONFIRMED', maturesAt: null });
    expect(await eventKinds(t.services.ds, w.id)).toEqual(['SUBMITTED', 'CONFIRMED']);
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleDue();
    expect(await stateOf(t.services.ds, w.id)).toMatchObject({ settlementState: null });
    // A pending deposit never matures either.
    const pending = await makeDeposit(t.services, investor.user.id, 'Starter', '300');
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleDue();
    expect(await stateOf(t.services.ds, pending)).toMatchObject({ status: 'PENDING', settlementState: null });
  });
});
