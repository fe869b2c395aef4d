import { startTestApp, TestApp } from '../test/harness';
import { Plan } from '../modules/plan/plan.entity';
import { UserType } from '../modules/user/user.entity';
import { queriesOf } from '../test/statements';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SERVER_TIMING: 'true' });
});
afterAll(() => t.close());

describe('Server-Timing statement counts', () => {
  it('counts the SQL statements of each request, and they do not grow with the page size (no N+1)', async () => {
    const { token } = await t.createUser(UserType.INVESTOR);
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    for (let i = 0; i < 6; i += 1) {
      const res = await t.http
        .post('/api/transaction/create')
        .set('authorization', `Bearer ${token}`)
        .send({
          trxType: 'DEPOSIT',
          planId: gold.id,
          crypto: 'bitcoin',
          amount: '10000',
          transactionId: `stats-${Date.now()}-${i}`,
        });
      expect(res.status).toBe(201);
    }
    const account = await t.http.get('/api/account').set('authorization', `Bearer ${token}`);
    expect(queriesOf(account.headers['server-timing'])).toBeGreaterThan(0);

    const page = (size: number) =>
      t.gql(
        `{ me { id } account { balance } myTransactions(pageSize: ${size}) { total items { id expectedProfit imageUrl } } }`,
        {},
        token,
      );
    const one = await page(1);
    const all = await page(50);
    expect(all.body.data.myTransactions.items).toHaveLength(6);
    const small = queriesOf(one.headers['server-timing']);
    const large = queriesOf(all.headers['server-timing']);
    expect(small).toBeGreaterThan(0);
    // Six items cost no more statements than one (TypeORM even skips the count on a short page).
    expect(large).toBeLessThanOrEqual(small);
  });

  it('is off unless configured', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.http.get('/api/plans')).headers['server-timing']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
