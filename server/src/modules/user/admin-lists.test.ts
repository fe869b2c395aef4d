import { startTestApp, TestApp } from '../../test/harness';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import { Plan } from '../plan/plan.entity';
import { User, UserType } from './user.entity';

let t: TestApp;
let admin: { token: string; user: User };
const tag = `z${Date.now().toString(36)}`; // unique text so other tests' users never match
let ada: { token: string; user: User };
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN, { fullName: 'Root Admin' });
  ada = await t.createUser(UserType.INVESTOR, {
    fullName: `${tag}Ada Lovelace`,
    country: 'GB',
    email: `${tag}ada@example.test`,
  });
  await t.createUser(UserType.INVESTOR, {
    fullName: `Grace Hopper ${tag}`,
    country: 'US',
    email: `grace.${tag}@example.test`,
  });
  await t.createUser(UserType.INVESTOR, {
    fullName: `Percent_100% ${tag}x`,
    country: 'FR',
    email: `pct.${tag}@example.test`,
  });
  const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
  await t.http
    .post('/api/transaction/create')
    .set('authorization', `Bearer ${ada.token}`)
    .send({ trxType: 'DEPOSIT', planId: gold.id, crypto: 'bitcoin', amount: '10000', transactionId: `lists-${tag}` });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const names = (rows: { fullName?: string; user?: { fullName: string } }[]) =>
  rows.map((r) => r.fullName ?? r.user?.fullName).sort();

describe('admin lists and search', () => {
  it('users: name, e-mail or country prefix, or name suffix, case-insensitive, with {total, page, limit}', async () => {
    const byPrefix = await t.http
      .get(`/api/user/users?search=${tag.toUpperCase()}ADA&limit=20`)
      .set(bearer(admin.token));
    expect(names(byPrefix.body.data)).toEqual([`${tag}Ada Lovelace`]);
    expect(byPrefix.body.meta).toMatchObject({ total: 1, page: 1, limit: 20 });
    const bySuffix = await t.http.get(`/api/user/users?search=hopper ${tag}`).set(bearer(admin.token));
    expect(names(bySuffix.body.data)).toEqual([`Grace Hopper ${tag}`]);
    const byEmail = await t.gql(`{ users(search: "grace.${tag}") { total items { fullName } } }`, {}, admin.token);
    expect(byEmail.body.data.users.items).toEqual([{ fullName: `Grace Hopper ${tag}` }]);
    // Wildcards are literal text: "%" matches only the name that contains it.
    const literal = await t.http
      .get(`/api/user/users?search=${encodeURIComponent('percent_100%')}`)
      .set(bearer(admin.token));
    expect(names(literal.body.data)).toEqual([`Percent_100% ${tag}x`]);
    const none = await t.http.get(`/api/user/users?search=${encodeURIComponent('%')}`).set(bearer(admin.token));
    expect(none.body.data.filter((u: { fullName: string }) => !u.fullName.includes('%'))).toEqual([]);
  });

  it('accounts embed their owner and search by name start/end, e-mail or country; transactions by name', async () => {
    const accounts = await t.http.get(`/api/account/all?search=${tag}`).set(bearer(admin.token));
    // Ada's name starts with the tag and Grace's ends with it; the third only contains it mid-name.
    expect(names(accounts.body.data)).toEqual([`Grace Hopper ${tag}`, `${tag}Ada Lovelace`]);
    // Like every admin list, the meta says whether the total was capped (here: an exact 2).
    expect(accounts.body.meta).toEqual({
      ...{ total: 2, page: 1, pageSize: 20, limit: 20, totalCapped: false },
      ...{ nextCursor: null, prevCursor: null },
    });
    const bySuffix = await t.gql(
      `{ accounts(search: "${tag}X") { total items { balance user { fullName email country } } } }`,
      {},
      admin.token,
    );
    expect(bySuffix.body.data.accounts.items).toEqual([
      {
        balance: '0.00000',
        user: { fullName: `Percent_100% ${tag}x`, email: `pct.${tag}@example.test`, country: 'FR' },
      },
    ]);
    const trx = await t.http.get(`/api/transaction/transactions?search=${tag}ada`).set(bearer(admin.token));
    expect(trx.body.data).toHaveLength(1);
    expect(trx.body.data[0]).toMatchObject({
      amount: 10000,
      status: 'PENDING',
      user: { fullName: `${tag}Ada Lovelace` },
    });
    const gql = await t.gql(`{ adminTransactions(search: "lovelace") { items { user { email } } } }`, {}, admin.token);
    expect(gql.body.data.adminTransactions.items.map((i: { user: { email: string } }) => i.user.email)).toContain(
      `${tag}ada@example.test`,
    );
  });

  it('pages users, accounts and transactions by cursor over GraphQL and REST, the same rows as by number', async () => {
    for (const [list, rest, fields] of [
      ['users', '/api/user/users', 'fullName'],
      [
        'accounts(sortBy: BALANCE, sortDirection: ASC)',
        '/api/account/all?sortBy=balance&sortDirection=asc',
        'user { fullName }',
      ],
    ] as const) {
      const field = list.split('(')[0];
      const page = async (args: string) =>
        (
          await t.gql(
            `{ ${field}(search: "${tag}", pageSize: 1${args}${list.includes('(') ? `, ${list.slice(list.indexOf('(') + 1, -1)}` : ''}) { total page items { id ${fields} } nextCursor prevCursor } }`,
            {},
            admin.token,
          )
        ).body.data[field];
      const first = await page('');
      expect([first.total, first.prevCursor]).toEqual([2, null]);
      const second = await page(`, page: 2, after: "${first.nextCursor}"`);
      expect(second.items).toEqual((await page(', page: 2')).items);
      expect(second.items[0].id).not.toBe(first.items[0].id);
      expect(second.nextCursor).toBeNull();
      const back = await page(`, before: "${second.prevCursor}"`);
      expect(back.items).toEqual(first.items);

      // REST: the same cursors in meta, as `after` / `before`.
      const sep = rest.includes('?') ? '&' : '?';
      const one = await t.http.get(`${rest}${sep}search=${tag}&limit=1`).set(bearer(admin.token));
      expect(one.body.meta).toMatchObject({ total: 2, prevCursor: null, nextCursor: expect.any(String) });
      const two = await t.http
        .get(`${rest}${sep}search=${tag}&limit=1&page=2&after=${one.body.meta.nextCursor}`)
        .set(bearer(admin.token));
      expect(two.status).toBe(200);
      expect(two.body.data[0].id).not.toBe(one.body.data[0].id);
      expect(two.body.meta.nextCursor).toBeNull();
    }
    const txs = await t.gql(
      `{ adminTransactions(search: "${tag}", pageSize: 1) { total nextCursor prevCursor items { id } } }`,
      {},
      admin.token,
    );
    expect(txs.body.data.adminTransactions).toMatchObject({ total: 1, nextCursor: null, prevCursor: null });
  });

  it('refuses a broken cursor, or both cursors at once, with 400 naming the parameter', async () => {
    const broken = await t.http.get(`/api/transaction/transactions?after=not-a-cursor`).set(bearer(admin.token));
    expect([broken.status, broken.body.errors[0].field]).toEqual([400, 'after']);
    const both = await t.http.get(`/api/user/users?after=a&before=b`).set(bearer(admin.token));
    expect([both.status, both.body.errors[0].field]).toEqual([400, 'before']);
    const users = await t.gql(`{ users(pageSize: 1) { nextCursor } }`, {}, admin.token);
    // A users cursor sent to the accounts list (another order) is refused, not misread.
    const mixed = await t.gql(`{ accounts(after: "${users.body.data.users.nextCursor}") { total } }`, {}, admin.token);
    expect(mixed.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('edits a user: only allowed fields that changed, audited; e-mail, type and the rest are ignored', async () => {
    const res = await t.http
      .put(`/api/user/${ada.user.id}`)
      .set(bearer(admin.token))
      .send({
        data: {
          fullName: `${tag}Ada King`,
          isPremium: true,
          message: 'Welcome to Gold',
          email: 'stolen@example.test',
          type: 'admin',
          city: '',
        },
      });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fullName: `${tag}Ada King`,
      isPremium: true,
      message: 'Welcome to Gold',
      email: `${tag}ada@example.test`,
      type: 'investor',
    });
    const events = await t.services.ds
      .getRepository(AuditEvent)
      .findBy({ action: 'user.admin_updated', subjectId: ada.user.id });
    expect(events).toHaveLength(1);
    expect((events[0].metadata as { fields: string[] }).fields.sort()).toEqual(['fullName', 'isPremium', 'message']);
    const short = await t.gql(
      `mutation { updateUser(userId: "${ada.user.id}", input: { fullName: "Al" }) { id } }`,
      {},
      admin.token,
    );
    expect(short.body.errors[0].extensions.fields).toEqual([
      { field: 'fullName', message: 'Name must be at least 3 characters' },
    ]);
    // The investor's overview sees the banner fields at once.
    const me = await t.gql('{ me { isPremium message } }', {}, ada.token);
    expect(me.body.data.me).toEqual({ isPremium: true, message: 'Welcome to Gold' });
  });

  it('refuses every admin list and edit to investors (403) and guests (401) over REST', async () => {
    for (const [method, path] of [
      ['get', '/api/user/users'],
      ['get', '/api/account/all'],
      ['get', '/api/transaction/transactions'],
      ['put', `/api/user/${ada.user.id}`],
      ['put', `/api/account/${ada.user.id}`],
      ['get', `/api/account/${ada.user.id}/history`],
    ] as const) {
      expect((await t.http[method](path).send({})).status).toBe(401);
      expect((await t.http[method](path).set(bearer(ada.token)).send({})).status).toBe(403);
    }
  });
});
