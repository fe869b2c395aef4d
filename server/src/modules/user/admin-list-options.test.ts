import { PAGE_SIZE } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { Plan } from '../plan/plan.entity';
import { User, UserType } from './user.entity';

// Admin tables (issue 14): country search by name, server-side sort by date and amount, filters
// by status, type and premium; and a paging refusal that names the parameter that was sent.

let t: TestApp;
let admin: { token: string; user: User };
/** Unique text in names and e-mails, so rows of other test files never match. */
const tag = `q${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser(UserType.ADMIN);
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, token = admin.token) => t.http.get(path).set(bearer(token));
const investor = (fullName: string, fields: Partial<User> = {}) =>
  t.createUser(UserType.INVESTOR, {
    fullName,
    email: `${fullName.replace(/\W/g, '.').toLowerCase()}@example.test`,
    ...fields,
  });

describe('country search matches the name too', () => {
  it('finds users and accounts by the start of their country name, accents ignored', async () => {
    const germany = await investor(`${tag} Emmy Noether`, { country: 'DE' });
    const ivory = await investor(`${tag} Didier Drogba`, { country: 'CI' });
    for (const search of ['Ger', 'germ', 'GERMANY']) {
      const users = await get(`/api/user/users?search=${search}&limit=100`);
      expect(users.status).toBe(200);
      const ids = users.body.data.map((u: { id: string }) => u.id);
      expect(ids).toContain(germany.user.id);
      expect(ids).not.toContain(ivory.user.id);
    }
    for (const search of ['Côte', 'cote d', 'Cote d’I']) {
      const accounts = await t.gql(
        'query($s: String) { accounts(search: $s, pageSize: 100) { items { user { id country } } } }',
        { s: search },
        admin.token,
      );
      const owners = accounts.body.data.accounts.items.map((a: { user: { id: string } }) => a.user.id);
      expect(owners).toContain(ivory.user.id);
      expect(owners).not.toContain(germany.user.id);
    }
    // The code still matches as before.
    expect((await get('/api/user/users?search=de&limit=100')).body.data.map((u: { id: string }) => u.id)).toContain(
      germany.user.id,
    );
  });
});

describe('users: premium filter and sorting', () => {
  it('filters by premium and sorts by date or name, both ways; the default stays newest first', async () => {
    const prefix = `${tag}u`;
    const made = [];
    for (const [name, isPremium] of [
      ['Carol', true],
      ['alice', false],
      ['Bob', true],
    ] as const)
      made.push(await investor(`${prefix} ${name}`, { isPremium }));
    const list = async (query: string) =>
      (await get(`/api/user/users?search=${prefix}&${query}`)).body.data.map((u: { fullName: string }) => u.fullName);
    const newestFirst = [...made].reverse().map((m) => m.user.fullName);
    expect(await list('')).toEqual(newestFirst);
    expect(await list('sortDirection=asc')).toEqual([...newestFirst].reverse());
    expect(await list('sortBy=name')).toEqual([`${prefix} alice`, `${prefix} Bob`, `${prefix} Carol`]);
    expect(await list('sortBy=NAME&sortDirection=DESC')).toEqual([
      `${prefix} Carol`,
      `${prefix} Bob`,
      `${prefix} alice`,
    ]);
    expect(await list('premium=true&sortBy=name')).toEqual([`${prefix} Bob`, `${prefix} Carol`]);
    expect(await list('premium=false')).toEqual([`${prefix} alice`]);
    const gql = await t.gql(
      `{ users(search: "${prefix}", premium: true, sortBy: NAME, sortDirection: DESC) { total items { fullName isPremium } } }`,
      {},
      admin.token,
    );
    expect(gql.body.data.users).toEqual({
      total: 2,
      items: [
        { fullName: `${prefix} Carol`, isPremium: true },
        { fullName: `${prefix} Bob`, isPremium: true },
      ],
    });
  });
});

describe('transactions: status and type filters, sorting by date and amount', () => {
  it('serves exactly the asked rows in the asked order on both transports', async () => {
    const owner = await investor(`${tag}t Rosalind Franklin`);
    await t.http
      .put('/api/account')
      .set(bearer(owner.token))
      .send({ wallet: { bitcoin: 'bc1qrosalindfranklin0000000' } });
    await t.fund(owner.user.id, '500');
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const ids: Record<string, string> = {};
    for (const amount of ['20000', '10000', '30000', '15000']) {
      const res = await t.http
        .post('/api/transaction/create')
        .set(bearer(owner.token))
        .send({ trxType: 'DEPOSIT', planId: gold.id, crypto: 'bitcoin', amount, transactionId: `${tag}-${amount}` });
      expect(res.status).toBe(201);
      ids[amount] = res.body.data.id;
    }
    const withdrawal = await t.http
      .post('/api/transaction/create')
      .set(bearer(owner.token))
      .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '40', wallet: 'bc1qrosalindfranklin0000000' });
    expect(withdrawal.status).toBe(201);
    for (const amount of ['30000', '15000'])
      expect(
        (await t.http.put(`/api/transaction/${ids[amount]}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' }))
          .status,
      ).toBe(200);

    const amounts = async (query: string) =>
      (await get(`/api/transaction/transactions?search=${tag}t&${query}`)).body.data.map(
        (x: { amount: number }) => x.amount,
      );
    expect(await amounts('')).toEqual([40, 15000, 30000, 10000, 20000]); // newest first, as before
    expect(await amounts('sortBy=amount')).toEqual([30000, 20000, 15000, 10000, 40]);
    expect(await amounts('sortBy=amount&sortDirection=asc')).toEqual([40, 10000, 15000, 20000, 30000]);
    expect(await amounts('sortBy=date&sortDirection=asc')).toEqual([20000, 10000, 30000, 15000, 40]);
    expect(await amounts('status=confirmed&sortBy=amount&sortDirection=asc')).toEqual([15000, 30000]);
    expect(await amounts('status=PENDING&type=deposit&sortBy=amount')).toEqual([20000, 10000]);
    expect(await amounts('trxType=WITHDRAWAL')).toEqual([40]);

    const gql = await t.gql(
      `{ adminTransactions(search: "${tag}t", status: PENDING, trxType: DEPOSIT, sortBy: AMOUNT, sortDirection: ASC) {
          total items { amount status trxType } } }`,
      {},
      admin.token,
    );
    expect(gql.body.data.adminTransactions).toEqual({
      total: 2,
      items: [
        { amount: '10000.00', status: 'PENDING', trxType: 'DEPOSIT' },
        { amount: '20000.00', status: 'PENDING', trxType: 'DEPOSIT' },
      ],
    });
  });
});

describe('accounts: sorting by an amount', () => {
  it('sorts by balance both ways and by any other bucket', async () => {
    const prefix = `${tag}a`;
    for (const [name, balance] of [
      ['Low', '5'],
      ['High', '900.5'],
      ['Mid', '75'],
    ])
      await t.fund((await investor(`${prefix} ${name}`)).user.id, balance);
    const list = async (query: string) =>
      (await get(`/api/account/all?search=${prefix}&${query}`)).body.data.map(
        (a: { balance: string; user: { fullName: string } }) =>
          `${a.user.fullName.slice(prefix.length + 1)} ${a.balance}`,
      );
    expect(await list('sortBy=balance')).toEqual(['High 900.50000', 'Mid 75.00000', 'Low 5.00000']);
    expect(await list('sortBy=BALANCE&sortDirection=asc')).toEqual(['Low 5.00000', 'Mid 75.00000', 'High 900.50000']);
    expect(await list('')).toEqual(['Mid 75.00000', 'High 900.50000', 'Low 5.00000']); // newest owner first
    const gql = await t.gql(
      `{ accounts(search: "${prefix}", sortBy: WALLET_BALANCE, sortDirection: ASC) { total } }`,
      {},
      admin.token,
    );
    expect(gql.body.data.accounts.total).toBe(3);
  });
});

describe('bad list parameters', () => {
  it('refuses an unknown sort key, direction, status, type or premium value with 400 naming it', async () => {
    for (const [path, field, message] of [
      ['/api/user/users?sortBy=height', 'sortBy', 'sortBy must be one of DATE, NAME'],
      ['/api/user/users?premium=maybe', 'premium', 'premium must be true or false'],
      ['/api/account/all?sortDirection=up', 'sortDirection', 'sortDirection must be one of ASC, DESC'],
      ['/api/transaction/transactions?status=LOST', 'status', 'status must be one of PENDING, CONFIRMED, DECLINED'],
      ['/api/transaction/transactions?type=GIFT', 'type', 'type must be one of DEPOSIT, WITHDRAWAL'],
    ]) {
      const res = await get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { errors: [{ error: message, code: 'BAD_REQUEST', field }] },
      });
    }
  });

  it('names the size parameter that was sent (limit or pageSize) on every REST list', async () => {
    const someone = await investor(`${tag}p Paging Person`);
    const lists: [string, string][] = [
      ['/api/user/users', admin.token],
      ['/api/account/all', admin.token],
      [`/api/account/${someone.user.id}/history`, admin.token],
      ['/api/transaction/transactions', admin.token],
      ['/api/settlements/due', admin.token],
      ['/api/transaction/all', someone.token],
      ['/api/notifications', someone.token],
    ];
    for (const [path, token] of lists) {
      for (const name of ['limit', 'pageSize']) {
        const res = await get(`${path}?${name}=1000`, token);
        expect({ path, status: res.status, errors: res.body.errors }).toEqual({
          path,
          status: 400,
          errors: [{ error: `${name} must be between 1 and 100`, code: 'BAD_REQUEST', field: name }],
        });
      }
      const ok = await get(`${path}?limit=3`, token);
      expect({ path, status: ok.status, pageSize: ok.body.meta?.pageSize }).toEqual({ path, status: 200, pageSize: 3 });
    }
    // Without a size the table's default applies.
    expect((await get('/api/user/users')).body.meta.pageSize).toBe(PAGE_SIZE.admin);
  });
});
