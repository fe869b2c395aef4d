import { createScratchDatabase, type ScratchDatabase, type TestApp, startTestApp } from '../../test/harness';
import { Account } from '../account/account.entity';
import { UserType } from '../user/user.entity';

// Issue 38: the investor overview's chart reads each day's balance, investment and profit from
// the ledger (amount_after of the day's last entry), carrying the day before over quiet days.
// Entries are written here at chosen times straight into a database of this file's own (the
// account rows are not kept in step with them, which the shared database's invariant would see).

let db: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { databaseUrl: db.url });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const HISTORY = `query($range: HistoryRange!) { balanceHistory(range: $range) { range days { day balance investment profit } } }`;

/** Today as the server counts days (UTC), and the day `n` days before it. */
const today = () => t.services.clock.now().toISOString().slice(0, 10);
const dayBefore = (n: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** An investor and their account id. */
async function investor() {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  const { id } = await t.services.ds.getRepository(Account).findOneByOrFail({ userId: user.id });
  return { user, token, accountId: id };
}

/** A ledger entry of `bucket` leaving `after`, written at `at` (ISO, UTC). */
async function entry(accountId: string, bucket: string, after: string | null, at: string) {
  await t.services.ds.query(
    `INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, created_at)
     VALUES ($1, $2, 1, $3, 'ADMIN_ADJUSTMENT', $4)`,
    [accountId, bucket, after, at],
  );
}

/** The chart's days as [day, balance, investment, profit]. */
async function history(token: string, range: string) {
  const res = await t.gql(HISTORY, { range }, token);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.balanceHistory.range).toBe(range);
  return (res.body.data.balanceHistory.days as Record<string, string>[]).map((d) => [
    d.day,
    d.balance,
    d.investment,
    d.profit,
  ]);
}

describe("the investor's balance history (overview chart)", () => {
  it('gives each day the last value of that day, carries it over quiet days, and starts from before the range', async () => {
    const { token, accountId } = await investor();
    await entry(accountId, 'balance', '100.00000', `${dayBefore(10)}T08:00:00Z`);
    await entry(accountId, 'balance', '150.00000', `${dayBefore(10)}T09:00:00Z`);
    // The last second before the week: counts as its first day's starting value.
    await entry(accountId, 'balance', '160.00000', `${dayBefore(7)}T23:59:59Z`);
    await entry(accountId, 'investment', '200.00000', `${dayBefore(5)}T00:00:00Z`);
    await entry(accountId, 'balance', '50.00000', `${dayBefore(5)}T09:00:00Z`);
    await entry(accountId, 'balance', '70.00000', `${dayBefore(5)}T23:59:59Z`);
    await entry(accountId, 'profit', '12.34567', `${dayBefore(3)}T12:00:00Z`);
    // Written before amount_after existed: skipped, the day keeps the value before.
    await entry(accountId, 'balance', null, `${dayBefore(2)}T12:00:00Z`);
    await entry(accountId, 'balance', '90.10000', `${today()}T00:00:00Z`);
    // Tomorrow's (a clock ahead): not part of any day shown yet.
    await entry(accountId, 'balance', '999.00000', `${dayBefore(-1)}T00:00:00Z`);

    expect(await history(token, 'WEEK')).toEqual([
      [dayBefore(6), '160.00000', '0.00000', '0.00000'],
      [dayBefore(5), '70.00000', '200.00000', '0.00000'],
      [dayBefore(4), '70.00000', '200.00000', '0.00000'],
      [dayBefore(3), '70.00000', '200.00000', '12.34567'],
      [dayBefore(2), '70.00000', '200.00000', '12.34567'],
      [dayBefore(1), '70.00000', '200.00000', '12.34567'],
      [today(), '90.10000', '200.00000', '12.34567'],
    ]);

    const month = await history(token, 'MONTH');
    expect(month).toHaveLength(30);
    expect(month[0]).toEqual([dayBefore(29), '0.00000', '0.00000', '0.00000']);
    expect(month[18]).toEqual([dayBefore(11), '0.00000', '0.00000', '0.00000']);
    expect(month[19]).toEqual([dayBefore(10), '150.00000', '0.00000', '0.00000']);
    expect(month[22]).toEqual([dayBefore(7), '160.00000', '0.00000', '0.00000']);
    expect(month.slice(23)).toEqual(await history(token, 'WEEK'));
    expect(await history(token, 'QUARTER')).toHaveLength(90);
    expect(await history(token, 'YEAR')).toHaveLength(365);
  });

  it("never shows another investor's ledger", async () => {
    const owner = await investor();
    await entry(owner.accountId, 'balance', '5000.00000', `${dayBefore(1)}T10:00:00Z`);
    const other = await investor();
    const days = await history(other.token, 'WEEK');
    expect(days.every(([, ...amounts]) => amounts.every((a) => a === '0.00000'))).toBe(true);
    expect((await history(owner.token, 'WEEK'))[6]).toEqual([today(), '5000.00000', '0.00000', '0.00000']);
  });

  it('follows the real ledger writer: a credit today is the last point', async () => {
    const { user, token } = await investor();
    await t.fund(user.id, '25.5');
    expect((await history(token, 'WEEK'))[6]).toEqual([today(), '25.50000', '0.00000', '0.00000']);
  });

  it('refuses a range it does not offer, and anyone but a signed-in investor', async () => {
    const { token } = await investor();
    const bad = await t.gql(HISTORY, { range: 'DECADE' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/HistoryRange/);
    const anonymous = await t.gql(HISTORY, { range: 'WEEK' });
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const admin = await t.createUser(UserType.ADMIN);
    const refused = await t.gql(HISTORY, { range: 'WEEK' }, admin.token);
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
