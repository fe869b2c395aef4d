import { createScratchDatabase, type ScratchDatabase, type TestApp, startTestApp } from '../../test/harness';
import { UserType } from '../user/user.entity';

// Issue 38: the investor's Transactions page filters by type, status, coin and days and finds a
// txid by its beginning, all on the server. Rows are written here with chosen dates, in a
// database of this file's own.

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

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const LIST = `query($trxType: TrxType, $status: TrxStatus, $crypto: String, $from: String, $to: String, $txid: String, $page: Int) {
  myTransactions(page: $page, pageSize: 50, trxType: $trxType, status: $status, crypto: $crypto, from: $from, to: $to, txid: $txid) {
    total items { amount }
  }
}`;

/** One transaction of `userId`, written at `at`; its amount names it in the answers. */
async function row(userId: string, amount: string, fields: Partial<Record<string, string | null>>, at: string) {
  const f = { trx_type: 'DEPOSIT', status: 'PENDING', crypto: 'bitcoin', transaction_id: null, ...fields };
  await t.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, status, amount, crypto, transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, f.trx_type, f.status, amount, f.crypto, f.transaction_id, at],
  );
}

/** The amounts listed (newest first) for these filters, and the total. */
async function list(token: string, filters: Record<string, unknown>) {
  const res = await t.gql(LIST, filters, token);
  expect(res.body.errors).toBeUndefined();
  const page = res.body.data.myTransactions;
  return { total: page.total as number, amounts: (page.items as { amount: string }[]).map((i) => i.amount) };
}

/** The first error's field and code for these filters. */
async function refusal(token: string, filters: Record<string, unknown>) {
  const res = await t.gql(LIST, filters, token);
  expect(res.status).toBe(200);
  const [error] = res.body.errors;
  return { code: error.extensions.code, field: error.extensions.fields?.[0]?.field, message: error.message };
}

let token: string;
let otherToken: string;
beforeAll(async () => {
  const me = await t.createUser(UserType.INVESTOR);
  const other = await t.createUser(UserType.INVESTOR);
  token = me.token;
  otherToken = other.token;
  const id = me.user.id;
  await row(id, '1.00', { transaction_id: '0xABCDEF0011223344' }, '2026-03-01T00:00:00Z');
  await row(
    id,
    '2.00',
    { status: 'CONFIRMED', crypto: 'ethereum', transaction_id: 'abcd99887766' },
    '2026-03-01T23:59:59Z',
  );
  await row(id, '3.00', { trx_type: 'WITHDRAWAL', status: 'CONFIRMED', crypto: 'usdt' }, '2026-03-02T12:00:00Z');
  await row(id, '4.00', { status: 'DECLINED', transaction_id: 'ff00ff00ff00' }, '2026-03-03T00:00:00Z');
  await row(id, '5.00', { trx_type: 'WITHDRAWAL', status: 'PENDING', crypto: 'bitcoin' }, '2026-02-28T23:59:59Z');
  // Another investor's, matching every filter below: never listed for `me`.
  for (const status of ['PENDING', 'CONFIRMED', 'DECLINED'])
    await row(other.user.id, '99.00', { status, transaction_id: `abcdef${status}` }, '2026-03-01T12:00:00Z');
});

describe("the investor's transactions, filtered on the server", () => {
  it('lists everything newest first without filters', async () => {
    expect(await list(token, {})).toEqual({ total: 5, amounts: ['4.00', '3.00', '2.00', '1.00', '5.00'] });
  });

  it('filters by type, status and coin, alone and together', async () => {
    expect(await list(token, { trxType: 'WITHDRAWAL' })).toEqual({ total: 2, amounts: ['3.00', '5.00'] });
    expect(await list(token, { status: 'CONFIRMED' })).toEqual({ total: 2, amounts: ['3.00', '2.00'] });
    expect(await list(token, { crypto: 'bitcoin' })).toEqual({ total: 3, amounts: ['4.00', '1.00', '5.00'] });
    expect(await list(token, { trxType: 'DEPOSIT', status: 'CONFIRMED', crypto: 'ethereum' })).toEqual({
      total: 1,
      amounts: ['2.00'],
    });
    expect(await list(token, { trxType: 'DEPOSIT', status: 'CONFIRMED', crypto: 'usdt' })).toEqual({
      total: 0,
      amounts: [],
    });
  });

  it('takes whole UTC days, both ends included', async () => {
    expect(await list(token, { from: '2026-03-01', to: '2026-03-01' })).toEqual({
      total: 2,
      amounts: ['2.00', '1.00'],
    });
    expect(await list(token, { from: '2026-03-02' })).toEqual({ total: 2, amounts: ['4.00', '3.00'] });
    expect(await list(token, { to: '2026-02-28' })).toEqual({ total: 1, amounts: ['5.00'] });
    expect(await list(token, { from: '2026-03-04' })).toEqual({ total: 0, amounts: [] });
  });

  it('finds a txid whole or by its beginning, in any case and with or without 0x', async () => {
    expect(await list(token, { txid: 'abcd' })).toEqual({ total: 2, amounts: ['2.00', '1.00'] });
    expect(await list(token, { txid: '0xABCDEF0011223344' })).toEqual({ total: 1, amounts: ['1.00'] });
    expect(await list(token, { txid: ' abcdef ' })).toEqual({ total: 1, amounts: ['1.00'] });
    expect(await list(token, { txid: 'ff00FF' })).toEqual({ total: 1, amounts: ['4.00'] });
    // LIKE's wildcards are letters of the id, not patterns.
    expect(await list(token, { txid: '%' })).toEqual({ total: 0, amounts: [] });
    expect(await list(token, { txid: 'ab_d' })).toEqual({ total: 0, amounts: [] });
    expect(await list(token, { txid: 'bcd' })).toEqual({ total: 0, amounts: [] });
  });

  it("never lists another investor's transactions", async () => {
    expect(await list(otherToken, { txid: 'abcd', status: 'PENDING' })).toEqual({ total: 1, amounts: ['99.00'] });
    expect(await list(otherToken, { txid: '0xabcdef0011' })).toEqual({ total: 0, amounts: [] });
    expect(await list(token, { from: '2026-03-01', to: '2026-03-01', txid: 'abcdef' })).toEqual({
      total: 1,
      amounts: ['1.00'],
    });
  });

  it('counts a page past the end with the same filters', async () => {
    const res = await t.gql(LIST, { status: 'CONFIRMED', page: 9 }, token);
    expect(res.body.data.myTransactions).toEqual({ total: 2, items: [] });
  });

  it("refuses a mistake with the field's name, never a 500", async () => {
    expect(await refusal(token, { crypto: 'dogecoin' })).toMatchObject({ code: 'BAD_REQUEST', field: 'crypto' });
    expect(await refusal(token, { from: '2026-02-30' })).toMatchObject({ code: 'BAD_REQUEST', field: 'from' });
    expect(await refusal(token, { to: '1/3/2026' })).toMatchObject({ code: 'BAD_REQUEST', field: 'to' });
    expect(await refusal(token, { from: '2026-03-02', to: '2026-03-01' })).toMatchObject({ field: 'to' });
    expect(await refusal(token, { txid: 'абв' })).toMatchObject({ code: 'BAD_REQUEST', field: 'txid' });
    expect(await refusal(token, { txid: 'a'.repeat(251) })).toMatchObject({ field: 'txid' });
    const badEnum = await t.gql(LIST, { status: 'LOST' }, token);
    expect(badEnum.status).toBe(400);
  });
});

describe('the same filters over REST (GET /api/transaction/all)', () => {
  /** The amounts listed (newest first) for this query string, and the total. */
  async function restList(query: string, as = token) {
    const res = await t.http.get(`/api/transaction/all?pageSize=50&${query}`).set(bearer(as));
    expect(res.status).toBe(200);
    return {
      total: res.body.meta.total as number,
      amounts: (res.body.data as { amount: number }[]).map((i) => i.amount),
    };
  }

  it('filters by type (also `trxType`), status, coin, days and txid, as GraphQL does', async () => {
    expect(await restList('')).toEqual({ total: 5, amounts: [4, 3, 2, 1, 5] });
    expect(await restList('type=withdrawal')).toEqual({ total: 2, amounts: [3, 5] });
    expect(await restList('trxType=DEPOSIT&status=confirmed&crypto=ethereum')).toEqual({ total: 1, amounts: [2] });
    expect(await restList('from=2026-03-01&to=2026-03-01')).toEqual({ total: 2, amounts: [2, 1] });
    expect(await restList('txid=0xABCD')).toEqual({ total: 2, amounts: [2, 1] });
    expect(await restList('txid=abcdef', otherToken)).toEqual({ total: 3, amounts: [99, 99, 99] });
  });

  it('answers a mistake with 400 naming the field, never a 500', async () => {
    for (const [query, field] of [
      ['status=LOST', 'status'],
      ['type=refund', 'type'],
      ['crypto=dogecoin', 'crypto'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['txid=%D0%B0%D0%B1', 'txid'],
    ]) {
      const res = await t.http.get(`/api/transaction/all?${query}`).set(bearer(token));
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'BAD_REQUEST', field });
    }
  });
});
