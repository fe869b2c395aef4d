import { MAX_ACCOUNT_AMOUNT, MAX_TRANSACTION_AMOUNT, MSG } from '@cryptovest/common';
import type { Response } from 'supertest';
import { formatErrorWith } from './graphql/format-error';
import { Account } from '../modules/account/account.entity';
import { LedgerReason } from '../modules/ledger/ledger-entry.entity';
import { applyLedger } from '../modules/ledger/apply-ledger';
import { Plan } from '../modules/plan/plan.entity';
import { UserType } from '../modules/user/user.entity';
import { toAppError } from './rest/respond';
import { createScratchDatabase, startTestApp, type ScratchDatabase, TestApp } from '../test/harness';
import { rowFingerprint } from '../test/row-fingerprint';

// A database of this file's own: its row fingerprints must see only this file's writes, also when
// jest runs test files side by side.
let db: ScratchDatabase;
let t: TestApp;
let admin: { token: string };
let investor: { token: string; user: { id: string } };
let platinum: Plan;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { databaseUrl: db.url });
  admin = await t.createUser(UserType.ADMIN);
  investor = await t.createUser(UserType.INVESTOR);
  platinum = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Platinum' });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let seq = 0;
const blockchainId = () => `0xhostile${Date.now()}${(seq += 1)}`;

/** Sends `send()` and checks that it answered `status` (or one of them) without changing any guarded row. */
async function refusedWith(status: number | number[], send: () => Promise<Response>): Promise<Response> {
  const before = await rowFingerprint(t.services.ds);
  const res = await send();
  const expected = Array.isArray(status) ? status : [status];
  expect({ status: expected.includes(res.status) ? expected : res.status, body: res.body }).toMatchObject({
    status: expected,
  });
  expect(await rowFingerprint(t.services.ds)).toEqual(before);
  return res;
}

/** The REST error item for `field` (the legacy shape `{ errors: [{ error, code, field }] }`). */
const restField = (res: Response, field: string) =>
  (res.body.errors as { field?: string; error: string }[]).find((e) => e.field === field);

/** A GraphQL answer refused with `code` (or one of them), naming `field` among `extensions.fields` when given. */
function expectGraphQLRefusal(res: Response, code: string | string[], field?: string): { message: string } {
  expect(res.status).toBeLessThan(500);
  const [error] = res.body.errors ?? [];
  expect(error).toBeDefined();
  expect(Array.isArray(code) ? code : [code]).toContain(error.extensions.code);
  if (field) expect(error.extensions.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  return error;
}

/** A raw JSON body, so keys such as `__proto__` reach the server exactly as an attacker writes them. */
const rawJson = (req: ReturnType<TestApp['http']['post']>, text: string) =>
  req.set('content-type', 'application/json').send(text);

describe('strings expected, arrays or objects given', () => {
  it('login, registration and contact refuse them on the field with its own message', async () => {
    const login = await refusedWith(422, () =>
      t.http.post('/api/user/login').send({ email: ['a@example.test'], password: 'password123' }),
    );
    expect(restField(login, 'email')?.error).toBe(MSG.invalidEmail);
    const register = await refusedWith(422, () =>
      t.http.post('/api/user/create').send({
        fullName: { toString: 1 },
        email: 'x@example.test',
        country: 'GB',
        password: 'password123',
      }),
    );
    expect(restField(register, 'fullName')?.error).toBe(MSG.nameTooShort);
    const contact = await refusedWith(422, () =>
      t.http.post('/api/contact').send({ name: {}, email: 'x@example.test', message: 'hello there, friend' }),
    );
    expect(restField(contact, 'name')?.error).toBe(MSG.nameTooShort);
  });

  it('profile, addresses, deposits and withdrawals refuse them on the field', async () => {
    const profile = await refusedWith(422, () =>
      t.http
        .put('/api/user')
        .set(bearer(investor.token))
        .send({ city: ['Paris'] }),
    );
    expect(restField(profile, 'city')).toBeDefined();
    const addresses = await refusedWith(422, () =>
      t.http
        .put('/api/account')
        .set(bearer(investor.token))
        .send({ wallet: { bitcoin: { toString: 1 } } }),
    );
    expect(restField(addresses, 'bitcoin')?.error).toBe(MSG.invalidAddress);
    const trxType = await refusedWith(422, () =>
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({ trxType: { toString: 1 } }),
    );
    expect(restField(trxType, 'trxType')).toBeDefined();
    const amount = await refusedWith(422, () =>
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({
          planId: platinum.id,
          crypto: 'bitcoin',
          amount: ['40000'],
          transactionId: blockchainId(),
        }),
    );
    expect(restField(amount, 'amount')?.error).toBe(MSG.amountTooSmall);
  });

  it('admin status and account edits refuse them (an array is not its only element)', async () => {
    const deposit = await t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
      planId: platinum.id,
      crypto: 'bitcoin',
      amount: '40000',
      transactionId: blockchainId(),
    });
    expect(deposit.status).toBe(201);
    for (const status of [{ toString: 1 }, ['CONFIRMED'], 5]) {
      const res = await refusedWith(422, () =>
        t.http.put(`/api/transaction/${deposit.body.data.id}`).set(bearer(admin.token)).send({ status }),
      );
      expect(restField(res, 'status')).toBeDefined();
    }
    for (const balance of [{ toString: 1 }, ['5'], { value: '5' }]) {
      const res = await refusedWith(422, () =>
        t.http.put(`/api/account/${investor.user.id}`).set(bearer(admin.token)).send({ balance }),
      );
      expect(restField(res, 'balance')).toBeDefined();
    }
  });

  it('repeated query parameters are refused, not summed or crashed on', async () => {
    const res = await refusedWith(400, () => t.http.get('/api/user/users?page=1&page=2').set(bearer(admin.token)));
    expect(restField(res, 'page')).toBeDefined();
    await refusedWith(400, () => t.http.get('/api/account/all?limit=5&limit=6').set(bearer(admin.token)));
    await refusedWith(400, () => t.http.get('/api/transaction/all?page=2&page=').set(bearer(investor.token)));
    for (const page of ['1e300', '0x10', '1.5', '-1', '99999999999']) {
      await refusedWith(400, () => t.http.get(`/api/user/users?page=${page}`).set(bearer(admin.token)));
    }
  });
});

describe('JSON keys that reach prototypes', () => {
  it('refuses __proto__, constructor and prototype anywhere in a REST body, with the key path', async () => {
    const proto = await refusedWith(400, () =>
      rawJson(t.http.post('/api/user/login'), '{"__proto__":{"email":"a@example.test"},"password":"password123"}'),
    );
    expect(proto.body.errors[0]).toMatchObject({ code: 'BAD_REQUEST', field: '__proto__' });
    const ctor = await refusedWith(400, () =>
      rawJson(
        t.http.put('/api/user').set(bearer(investor.token)),
        '{"data":{"constructor":{"prototype":{"type":"admin"}}}}',
      ),
    );
    expect(ctor.body.errors[0].field).toBe('data.constructor');
    const nested = await refusedWith(400, () =>
      rawJson(t.http.post('/api/contact'), '{"name":"Jane","list":[1,{"prototype":2}]}'),
    );
    expect(nested.body.errors[0].field).toBe('list[1].prototype');
  });

  it('refuses them in GraphQL variables, in the GraphQL error shape', async () => {
    const res = await refusedWith(400, () =>
      rawJson(
        t.http.post('/graphql'),
        '{"query":"mutation($i: ContactMessageInput!){ sendContactMessage(input: $i) { id } }","variables":{"i":{"__proto__":{"name":"x"}}}}',
      ),
    );
    expectGraphQLRefusal(res, 'BAD_REQUEST', 'variables.i.__proto__');
  });

  it('a toString key is ordinary data: ignored or refused, never a crash', async () => {
    const top = await t.http
      .post('/api/user/login')
      .send({ toString: 1, email: 'nobody@example.test', password: 'x'.repeat(9) });
    expect(top.status).toBe(400);
    expect(top.body.errors[0].code).toBe('INVALID_CREDENTIALS');
    const inField = await refusedWith(422, () =>
      t.http.post('/api/user/login').send({ email: { toString: 1 }, password: 'password123' }),
    );
    expect(restField(inField, 'email')?.error).toBe(MSG.invalidEmail);
    const wrapped = await refusedWith(422, () =>
      t.http
        .put('/api/user')
        .set(bearer(investor.token))
        .send({ data: { fullName: { toString: 'x' } } }),
    );
    expect(restField(wrapped, 'fullName')).toBeDefined();
  });

  it('refuses bodies nested deeper than any form could send', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await refusedWith(400, () => rawJson(t.http.post('/api/contact'), `{"name":${deep}}`));
    expect(res.body.errors[0].code).toBe('BAD_REQUEST');
  });
});

describe('NUL characters', () => {
  it('in REST search terms and ids', async () => {
    for (const path of ['/api/user/users', '/api/account/all', '/api/transaction/transactions']) {
      const res = await refusedWith(422, () => t.http.get(`${path}?search=ab%00c`).set(bearer(admin.token)));
      expect(res.body.errors[0]).toMatchObject({ code: 'VALIDATION', field: 'search' });
    }
    await refusedWith(404, () =>
      t.http.put('/api/transaction/%00').set(bearer(admin.token)).send({ status: 'PENDING' }),
    );
    await refusedWith(404, () => t.http.put('/api/user/%00').set(bearer(admin.token)).send({ fullName: 'Someone' }));
  });

  it('in REST body strings and keys', async () => {
    const res = await refusedWith(422, () =>
      t.http.post('/api/user/create').send({
        fullName: 'Jane\u0000Doe',
        email: 'nul@example.test',
        country: 'GB',
        password: 'password123',
      }),
    );
    expect(res.body.errors[0]).toMatchObject({ code: 'VALIDATION', field: 'fullName' });
    const key = await refusedWith(422, () =>
      t.http.put('/api/user').set(bearer(investor.token)).send({ 'ci\u0000ty': 'x' }),
    );
    expect(key.body.errors[0].code).toBe('VALIDATION');
  });

  it('in GraphQL variables and in string literals of the document', async () => {
    const viaVariables = await refusedWith(422, () =>
      t.gql(`query($s: String) { users(search: $s) { total } }`, { s: 'a\u0000' }, admin.token),
    );
    expectGraphQLRefusal(viaVariables, 'BAD_USER_INPUT', 'variables.s');
    // The document carries the escape `\u0000`; GraphQL decodes it into a NUL argument value.
    const viaLiteral = await t.gql(`{ users(search: "a\\u0000") { total } }`, undefined, admin.token);
    expectGraphQLRefusal(viaLiteral, 'BAD_USER_INPUT', 'query');
    const viaBraces = await t.gql(`{ accounts(search: "\\u{0}") { total } }`, undefined, admin.token);
    expectGraphQLRefusal(viaBraces, 'BAD_USER_INPUT', 'query');
  });
});

describe('amounts the columns cannot hold', () => {
  it('refuses deposits and withdrawals above the cap at input', async () => {
    for (const amount of ['1000000000000000000', '999999999999999999.99', '1000000000.01']) {
      const res = await refusedWith(422, () =>
        t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
          planId: platinum.id,
          crypto: 'bitcoin',
          amount,
          transactionId: blockchainId(),
        }),
      );
      expect(restField(res, 'amount')?.error).toBe(MSG.amountTooLarge);
    }
    const withdrawal = await refusedWith(422, () =>
      t.http
        .post('/api/transaction/create')
        .set(bearer(investor.token))
        .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '1e18', wallet: 'x' }),
    );
    expect(restField(withdrawal, 'amount')).toBeDefined();
    const gql = await refusedWith(200, () =>
      t.gql(
        `mutation($i: DepositInput!) { createDeposit(input: $i) { id } }`,
        {
          i: {
            planId: platinum.id,
            crypto: 'bitcoin',
            amount: '999999999999999999.99',
            transactionId: blockchainId(),
          },
        },
        investor.token,
      ),
    );
    expect(expectGraphQLRefusal(gql, 'BAD_USER_INPUT', 'amount').message).toBe(MSG.amountTooLarge);
  });

  it('accepts a deposit of exactly the cap', async () => {
    const res = await t.http.post('/api/transaction/create').set(bearer(investor.token)).send({
      planId: platinum.id,
      crypto: 'bitcoin',
      amount: MAX_TRANSACTION_AMOUNT,
      transactionId: blockchainId(),
    });
    expect(res.status).toBe(201);
  });

  it('refuses admin account amounts above what numeric(20,5) holds, over REST and GraphQL', async () => {
    for (const balance of ['1000000000000', '1000000000000000', '$1,000,000,000,000,000.5', '99999999999999999999']) {
      const res = await refusedWith(422, () =>
        t.http.put(`/api/account/${investor.user.id}`).set(bearer(admin.token)).send({ balance }),
      );
      expect(restField(res, 'balance')?.error).toBe(MSG.amountTooLarge);
    }
    const gql = await refusedWith(200, () =>
      t.gql(
        `mutation($id: ID!) { adjustAccount(userId: $id, input: { profit: "1000000000000000" }) { id } }`,
        { id: investor.user.id },
        admin.token,
      ),
    );
    expectGraphQLRefusal(gql, 'BAD_USER_INPUT', 'profit');
  });

  it('accepts an admin amount of exactly the cap', async () => {
    const other = await t.createUser(UserType.INVESTOR);
    const res = await t.http
      .put(`/api/account/${other.user.id}`)
      .set(bearer(admin.token))
      .send({ walletBalance: MAX_ACCOUNT_AMOUNT });
    expect(res.status).toBe(200);
    expect(res.body.data.walletBalance).toBe(MAX_ACCOUNT_AMOUNT);
  });

  it('a confirm that would overflow the column still answers 4xx and changes nothing (backstop)', async () => {
    const rich = await t.createUser(UserType.INVESTOR);
    const deposit = async () => {
      const res = await t.http.post('/api/transaction/create').set(bearer(rich.token)).send({
        planId: platinum.id,
        crypto: 'bitcoin',
        amount: MAX_TRANSACTION_AMOUNT,
        transactionId: blockchainId(),
      });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const [viaRest, viaGraphQL] = [await deposit(), await deposit()];
    // Legacy data: a bucket near the column's limit (above what an admin may now type).
    await t.services.ds.transaction(async (m) => {
      const account = await m.getRepository(Account).findOneByOrFail({ userId: rich.user.id });
      await applyLedger(m, account.id, [{ bucket: 'investment', delta: '999999999999999' }], {
        reason: LedgerReason.ADMIN_ADJUSTMENT,
        note: 'legacy data',
      });
    });
    // The ledger refuses it (409) or, failing that, the error-mapping backstop does (422).
    const rest = await refusedWith([409, 422], () =>
      t.http.put(`/api/transaction/${viaRest}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' }),
    );
    expect(['CONFLICT', 'VALIDATION']).toContain(rest.body.errors[0].code);
    const gql = await refusedWith(200, () =>
      t.gql(
        `mutation($id: ID!) { setTransactionStatus(id: $id, status: CONFIRMED) { id } }`,
        { id: viaGraphQL },
        admin.token,
      ),
    );
    expectGraphQLRefusal(gql, ['CONFLICT', 'BAD_USER_INPUT']);
  });
});

describe('non-UUID ids in GraphQL arguments', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'setTransactionStatus',
      'mutation($id: ID!) { setTransactionStatus(id: $id, status: CONFIRMED) { id } }',
      {},
      'Transaction not found',
    ],
    [
      'updateUser',
      'mutation($id: ID!) { updateUser(userId: $id, input: { fullName: "Someone" }) { id } }',
      {},
      'User not found',
    ],
    [
      'adjustAccount',
      'mutation($id: ID!) { adjustAccount(userId: $id, input: { balance: "1" }) { id } }',
      {},
      'This user has no investment account',
    ],
    [
      'accountHistory',
      'query($id: ID!) { accountHistory(userId: $id) { total } }',
      {},
      'This user has no investment account',
    ],
  ];
  it.each(cases)('%s answers NOT_FOUND for ids that cannot exist', async (_name, query, extra, message) => {
    for (const id of ['not-a-uuid', 12345, "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const res = await refusedWith(200, () => t.gql(query, { id, ...extra }, admin.token));
      expect(expectGraphQLRefusal(res, 'NOT_FOUND').message).toBe(message);
    }
  });
});

describe('error-mapping backstop', () => {
  it('maps PostgreSQL data errors caused by input to 422 on both transports, and leaves others alone', async () => {
    const failures = [
      `SELECT 'x'::uuid`,
      `SELECT $1::text`,
      `SELECT ('"\\u0000"'::jsonb)::text`,
      `SELECT 1e30::numeric(20,5)`,
      `DO $$ DECLARE short varchar(2) := 'abc'; BEGIN END $$`,
    ];
    for (const sql of failures) {
      const err = await t.services.ds.query(sql, sql.includes('$1') ? ['a\u0000'] : []).then(
        () => null,
        (e: unknown) => e,
      );
      const known = toAppError(err);
      expect({ sql, code: known?.code, status: known?.httpStatus }).toEqual({ sql, code: 'VALIDATION', status: 422 });
      expect(known?.message).not.toMatch(/SELECT|uuid|numeric/i);
      const formatted = formatErrorWith(t.services.logger)({ message: 'raw' }, err);
      expect(formatted).toMatchObject({ message: known?.message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const syntax = await t.services.ds.query(`SELEC 1`).catch((e: unknown) => e);
    expect(toAppError(syntax)).toBeNull();
  });
});
