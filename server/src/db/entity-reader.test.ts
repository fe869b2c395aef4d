import { randomBytes } from 'node:crypto';
import { Account } from '../modules/account/account.entity';
import { Transaction, TrxStatus, TrxType } from '../modules/transaction/transaction.entity';
import { User, UserType } from '../modules/user/user.entity';
import { startTestApp, type TestApp } from '../test/harness';
import { statementsOf } from '../test/statements';
import { EntityReader } from './entity-reader';

// The hot reads skip TypeORM's query building (issue 16): what they hydrate must be exactly what a
// TypeORM find gives, nulls, dates, money transformers and all.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A deposit row with every optional column either set or left null. */
function deposit(userId: string, amount: string, createdAt: Date, filled: boolean): Partial<Transaction> {
  return {
    userId,
    trxType: TrxType.DEPOSIT,
    status: filled ? TrxStatus.CONFIRMED : TrxStatus.PENDING,
    amount,
    crypto: 'bitcoin',
    createdAt,
    ...(filled
      ? {
          planName: 'Starter',
          profitPercent: '12.50',
          durationHours: 48,
          confirmedAt: createdAt,
          transactionId: randomBytes(32).toString('hex'),
        }
      : {}),
  };
}

describe('EntityReader', () => {
  it('hydrates users, accounts and transactions exactly as TypeORM finds them', async () => {
    const { user } = await t.createUser(UserType.INVESTOR, { phoneNumber: null, city: 'Leeds', dob: '1990-04-01' });
    await t.fund(user.id, '1234.56');
    const repo = t.services.ds.getRepository(Transaction);
    await repo.insert([
      deposit(user.id, '100.00', new Date('2026-01-01T10:00:00.123Z'), true),
      deposit(user.id, '0.01', new Date('2026-01-02T10:00:00Z'), false),
    ]);
    const { ds } = t.services;

    const users = new EntityReader(ds, User, 'u');
    const [read] = await users.rows(`SELECT ${users.select} FROM app_user u WHERE u.id = $1`, [user.id]);
    expect(read).toEqual(await ds.getRepository(User).findOneByOrFail({ id: user.id }));
    expect(read).toBeInstanceOf(User);

    const account = await t.services.accounts.getByUser(user.id);
    expect(account).toEqual(await ds.getRepository(Account).findOneByOrFail({ userId: user.id }));
    expect(Number(account.balance)).toBe(1234.56);

    const page = await t.services.transactions.listMine(user.id, 1, 10);
    const found = await repo.find({ where: { userId: user.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    expect(page.items).toEqual(found);
    expect(page.items.map((i) => i.amount)).toEqual(['0.01', '100.00']);
    expect(page.total).toBe(2);
  });

  it("reads the investor's transactions page and its total in one statement, and totals a page past the end", async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    await t.services.ds
      .getRepository(Transaction)
      .insert([1, 2, 3].map((d) => deposit(user.id, `${d}.00`, new Date(Date.UTC(2026, 0, d)), d % 2 === 0)));
    let page = await t.services.transactions.listMine(user.id, 2, 2);
    expect(await statementsOf(async () => (page = await t.services.transactions.listMine(user.id, 2, 2)))).toBe(1);
    expect(page.items.map((i) => i.amount)).toEqual(['1.00']);
    expect(page.total).toBe(3);
    const beyond = await t.services.transactions.listMine(user.id, 5, 2);
    expect(beyond).toMatchObject({ items: [], total: 3, page: 5 });
  });
});
