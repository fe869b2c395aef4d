import { UserType } from '../user/user.entity';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeDeposit } from '../../test/settlement-fixtures';
import { parsePeriod } from './period';
import { exportTransactions } from './transactions-export';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the accounting export', () => {
  it('reads the period batch by batch by (created_at, id): every row once, oldest first, ties included, edges exact', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await makeDeposit(t.services, user.id, 'Starter', `${150 + i}.25`));
    // Five share one instant (a batch boundary falls inside the tie); one on each edge; one just outside.
    const at = [
      '2003-05-01T00:00:00Z',
      '2003-05-10T10:00:00.123456Z',
      '2003-05-10T10:00:00.123456Z',
      '2003-05-10T10:00:00.123456Z',
      '2003-05-10T10:00:00.123456Z',
      '2003-05-31T23:59:59.999999Z',
      '2003-06-01T00:00:00Z',
    ];
    for (const [i, id] of ids.entries())
      await t.services.ds.query(`UPDATE "transaction" SET created_at = $2 WHERE id = $1`, [id, at[i]]);
    const batches: string[][] = [];
    for await (const batch of exportTransactions(t.services.ds, parsePeriod('2003-05-01', '2003-05-31'), 2))
      batches.push(batch.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2]);
    const tie = [...ids.slice(1, 5)].sort();
    expect(batches.flat()).toEqual([ids[0], ...tie, ids[5]]);
  });

  it('writes amounts, coin amounts and percentages exactly', async () => {
    const { user } = await t.createUser(UserType.INVESTOR, { fullName: 'Exact Amounts' });
    const id = await makeDeposit(t.services, user.id, 'Gold', '12345.60', 'ethereum');
    await t.services.ds.query(
      `UPDATE "transaction" SET created_at = '2004-02-29T12:00:00Z', crypto_amount = '4.123456789012345678' WHERE id = $1`,
      [id],
    );
    const rows = [];
    for await (const batch of t.services.statements.transactions(parsePeriod('2004-02-29', '2004-02-29')))
      rows.push(...batch);
    expect(rows.map((r) => [r.id, r.fullName, r.amount, r.cryptoAmount, r.profitPercent, r.plan])).toEqual([
      [id, 'Exact Amounts', '12345.60', '4.123456789012345678', '50', 'Gold'],
    ]);
  });
});
