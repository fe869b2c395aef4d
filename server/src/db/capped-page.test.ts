import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../test/harness';
import { Transaction, TrxStatus, TrxType } from '../modules/transaction/transaction.entity';
import { UserType } from '../modules/user/user.entity';
import { cappedPage, withoutIdleJoins } from './capped-page';

// cappedPage finds a to-one list's page as ids first (issue 16): the pages must be exactly the
// rows and order of the plain query, ties in the sort key included, with the joined rows loaded.

let t: TestApp;
const tag = `cp${randomUUID().slice(0, 8)}`;
let ownerIds: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const owners = [await t.createUser(UserType.INVESTOR), await t.createUser(UserType.INVESTOR)];
  ownerIds = owners.map((o) => o.user.id);
  // 11 transactions, four of them at the same instant (ties broken by id).
  const same = new Date('2026-03-01T10:00:00Z');
  const rows = Array.from({ length: 11 }, (_, i) => ({
    userId: ownerIds[i % 2],
    trxType: TrxType.WITHDRAWAL,
    status: TrxStatus.DECLINED,
    amount: String(100 + i),
    crypto: 'bitcoin',
    wallet: `${tag}-${i}`,
    createdAt: i < 4 ? same : new Date(same.getTime() + i * 60_000),
  }));
  await t.services.ds.getRepository(Transaction).insert(rows);
});
afterAll(() => t.close());

/** The tagged transactions with their user, newest first, as the admin list orders them. */
const listQuery = () =>
  t.services.ds
    .getRepository(Transaction)
    .createQueryBuilder('t')
    .innerJoinAndSelect('t.user', 'u')
    .where('t.wallet LIKE :tag', { tag: `${tag}-%` })
    .orderBy('t.created_at', 'DESC')
    .addOrderBy('t.id', 'DESC');

describe('cappedPage on a list with to-one joins', () => {
  it('serves every row exactly once, in the query order, across pages of any size', async () => {
    const all = await listQuery().getMany();
    expect(all).toHaveLength(11);
    for (const pageSize of [1, 2, 3, 4, 5, 11, 20]) {
      const seen: Transaction[] = [];
      for (let page = 1; page <= Math.ceil(11 / pageSize) + 1; page += 1) {
        const result = await cappedPage(listQuery(), { page, pageSize, skip: (page - 1) * pageSize, take: pageSize });
        expect(result.total).toBe(11);
        seen.push(...result.items);
      }
      expect(seen.map((x) => x.id)).toEqual(all.map((x) => x.id));
      // The joined user is loaded on every row.
      for (const x of seen) expect(ownerIds).toContain(x.user.id);
    }
  });

  it('finds the ids without the join nobody filters or orders by, and keeps a join that is used', () => {
    const bare = withoutIdleJoins(listQuery().select('t.id', 'id')).getQuery();
    expect(bare).not.toContain('app_user');
    const searched = withoutIdleJoins(
      listQuery().andWhere('lower(u.full_name) LIKE :name', { name: 'a%' }).select('t.id', 'id'),
    ).getQuery();
    expect(searched).toContain('app_user');
    const orderedByUser = withoutIdleJoins(listQuery().orderBy('u.created_at', 'DESC').select('t.id', 'id')).getQuery();
    expect(orderedByUser).toContain('app_user');
  });
});
