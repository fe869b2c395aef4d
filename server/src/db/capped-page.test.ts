import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../test/harness';
import { Transaction, TrxStatus, TrxType } from '../modules/transaction/transaction.entity';
import { UserType } from '../modules/user/user.entity';
import { AppError, ErrorCode } from '../kernel/errors';
import { SortDirection, type Paging } from '../kernel/paging';
import { cappedPage, withoutIdleJoins } from './capped-page';
import type { KeysetOrder } from './keyset';
import { statementsOf } from '../test/statements';

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
  // Two more apart by microseconds only: equal in a JavaScript Date, distinct to PostgreSQL.
  for (const [i, at] of [
    [9, '2026-03-01 09:00:00.000123+00'],
    [10, '2026-03-01 09:00:00.000456+00'],
  ] as const)
    await t.services.ds.query(`UPDATE "transaction" SET created_at = $1 WHERE wallet = $2`, [at, `${tag}-${i}`]);
});
afterAll(() => t.close());

/** The admin list's default order: newest first, ties by id. */
const NEWEST: KeysetOrder = { key: 't.created_at', type: 'timestamptz', id: 't.id', direction: SortDirection.DESC };
const BY_AMOUNT: KeysetOrder = { key: 't.amount', type: 'numeric', id: 't.id', direction: SortDirection.ASC };

/** Page `page` of `pageSize` by offset, or by the cursor given. */
const paging = (page: number, pageSize: number, cursor: Partial<Pick<Paging, 'after' | 'before'>> = {}): Paging => ({
  page,
  pageSize,
  skip: (page - 1) * pageSize,
  take: pageSize,
  ...cursor,
});

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
        const result = await cappedPage(listQuery(), paging(page, pageSize), NEWEST);
        expect(result.total).toBe(11);
        seen.push(...result.items);
      }
      expect(seen.map((x) => x.id)).toEqual(all.map((x) => x.id));
      // The joined user is loaded on every row.
      for (const x of seen) expect(ownerIds).toContain(x.user.id);
    }
  });

  it('walks forward by nextCursor and back by prevCursor through the same pages as by number', async () => {
    for (const order of [NEWEST, BY_AMOUNT]) {
      const all = (await cappedPage(listQuery(), paging(1, 20), order)).items.map((x) => x.id);
      expect(all).toHaveLength(11);
      for (const pageSize of [1, 2, 3, 4, 5, 11]) {
        const pages = Math.ceil(11 / pageSize);
        const forward: string[][] = [];
        let result = await cappedPage(listQuery(), paging(1, pageSize), order);
        expect(result.prevCursor).toBeNull();
        forward.push(result.items.map((x) => x.id));
        while (result.nextCursor) {
          result = await cappedPage(
            listQuery(),
            paging(forward.length + 1, pageSize, { after: result.nextCursor }),
            order,
          );
          forward.push(result.items.map((x) => x.id));
          for (const x of result.items) expect(ownerIds).toContain(x.user.id);
        }
        expect([pageSize, forward.length]).toEqual([pageSize, pages]);
        expect(forward.flat()).toEqual(all);
        for (let p = 0; p < pages; p++)
          expect((await cappedPage(listQuery(), paging(p + 1, pageSize), order)).items.map((x) => x.id)).toEqual(
            forward[p],
          );

        const backward: string[][] = [forward[pages - 1]];
        result = await cappedPage(listQuery(), paging(pages, pageSize), order);
        while (result.prevCursor) {
          result = await cappedPage(listQuery(), paging(1, pageSize, { before: result.prevCursor }), order);
          backward.unshift(result.items.map((x) => x.id));
          expect(result.nextCursor).not.toBeNull();
        }
        expect(backward).toEqual(forward);
      }
    }
  });

  it('refuses a cursor that was edited or belongs to another order, as a 400 naming it', async () => {
    const first = await cappedPage(listQuery(), paging(1, 3), NEWEST);
    const cursor = first.nextCursor!;
    const refused = async (order: KeysetOrder, sent: Partial<Paging>) => {
      const err = await cappedPage(listQuery(), paging(2, 3, sent), order).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(ErrorCode.BAD_REQUEST);
      return err as AppError;
    };
    expect((await refused(BY_AMOUNT, { after: cursor })).fields[0]?.field).toBe('after');
    expect((await refused({ ...NEWEST, direction: SortDirection.ASC }, { before: cursor })).fields[0]?.field).toBe(
      'before',
    );
    const [v, tagOf, , id] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    for (const edited of [
      'not a cursor',
      Buffer.from(JSON.stringify([v, tagOf, "2026-03-01'; DROP TABLE x; --", id])).toString('base64url'),
      Buffer.from(JSON.stringify([v, tagOf, '2026-03-01 10:00:00+00', 'not-a-uuid'])).toString('base64url'),
    ])
      expect((await refused(NEWEST, { after: edited })).fields[0]?.field).toBe('after');
  });

  it('counts a filtered list under the seqscan guard (its own transaction), an unfiltered one in one statement', async () => {
    const filtered = await statementsOf(() => cappedPage(listQuery(), paging(1, 5), NEWEST));
    const everything = t.services.ds
      .getRepository(Transaction)
      .createQueryBuilder('t')
      .innerJoinAndSelect('t.user', 'u');
    const unfiltered = await statementsOf(() => cappedPage(everything, paging(1, 5), NEWEST));
    // ids, rows, then BEGIN, SET LOCAL, count, COMMIT; or ids, rows, count.
    expect([filtered, unfiltered]).toEqual([6, 3]);
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
