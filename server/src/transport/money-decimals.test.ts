import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../test/harness';
import { Plan } from '../modules/plan/plan.entity';
import { TransactionService, TrxType } from '../modules/transaction';
import { UserType } from '../modules/user/user.entity';

/**
 * Issue 36: money has the documented number of decimals, the same on both transports.
 * Transaction amounts: 2 decimals. Account buckets, ledger amounts and profits: 5 (the ledger's
 * precision; a profit of 7.55 % on $100.01 is $7.550755, credited as 7.55076, half to even).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const blockchainId = () => `0x${randomBytes(32).toString('hex')}`;
const FIVE = /^\d+\.\d{5}$/;

it('an expected profit is what settlement credits (5 decimals, half to even), whatever the percent', async () => {
  for (const [amount, percent] of [
    ['100.01', '7.55'],
    ['100.03', '7.55'],
    ['0.01', '0.01'],
    ['12000.50', '50'],
  ]) {
    const [{ credited }] = await t.services.ds.query(`SELECT settlement_profit($1, $2)::text AS credited`, [
      amount,
      percent,
    ]);
    expect(TransactionService.expectedProfit({ trxType: TrxType.DEPOSIT, amount, profitPercent: percent })).toBe(
      credited,
    );
  }
});

it('a deposit shows its expected profit with 5 decimals on both transports', async () => {
  const { token } = await t.createUser(UserType.INVESTOR);
  const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
  const rest = await t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({ trxType: 'DEPOSIT', planId: gold.id, crypto: 'usdt', amount: '12000.50', transactionId: blockchainId() });
  expect(rest.status).toBe(201);
  expect(rest.body.data.expectedProfit).toBe('6000.25000');
  const gql = await t.gql(
    `query T($id: ID!) { transaction(id: $id) { amount expectedProfit } }`,
    { id: rest.body.data.id },
    token,
  );
  expect(gql.body.data.transaction).toEqual({ amount: '12000.50', expectedProfit: '6000.25000' });
});

it('account amounts have 5 decimals, the same strings over REST and GraphQL', async () => {
  const { user, token } = await t.createUser(UserType.INVESTOR);
  await t.fund(user.id, '12.5');
  const rest = (await t.http.get('/api/account').set(bearer(token))).body.data;
  const gql = (await t.gql('{ account { balance walletBalance profit investment usdt lockedBonus } }', {}, token)).body
    .data.account;
  for (const field of ['balance', 'walletBalance', 'profit', 'investment', 'usdt', 'lockedBonus']) {
    expect(gql[field]).toMatch(FIVE);
    expect(rest[field]).toBe(gql[field]);
  }
  expect(gql.balance).toBe('12.50000');
  expect(rest.available).toMatch(FIVE);
});
