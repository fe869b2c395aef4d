import { startTestApp, TestApp } from '../../test/harness';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';

// One blockchain transaction claimed several times (issue 10): every spelling of an id that is
// already claimed for a coin must be refused with 409, whoever sends it and over either transport.

let t: TestApp;
let starter: Plan;
beforeAll(async () => {
  t = await startTestApp();
  starter = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let seq = 0;
/** A fresh 64-hex id, as bitcoin and ethereum transaction hashes are. */
const freshHash = () => `${Date.now().toString(16)}${(seq += 1).toString(16).padStart(4, '0')}`.padEnd(64, 'ab3c');

const deposit = (token: string, transactionId: string, crypto = 'bitcoin') =>
  t.http.post('/api/transaction/create').set(bearer(token)).send({
    trxType: 'DEPOSIT',
    planId: starter.id,
    crypto,
    amount: '200',
    transactionId,
  });

describe('a deposit id is claimed once per coin, however it is spelled', () => {
  const variants: [string, (h: string) => string][] = [
    ['upper case', (h) => h.toUpperCase()],
    ['a 0x prefix', (h) => `0x${h}`],
    ['0X with upper case', (h) => `0X${h.toUpperCase()}`],
    ['a zero-width space', (h) => `${h.slice(0, 20)}\u200b${h.slice(20)}`],
    ['a Cyrillic look-alike', (h) => h.replace(/a/g, '\u0430')],
    ['full-width digits', (h) => h.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
    ['spaces around', (h) => `  ${h} `],
  ];

  it.each(variants)('refuses %s with 409, from another investor too', async (_label, spell) => {
    const first = await t.createUser(UserType.INVESTOR);
    const other = await t.createUser(UserType.INVESTOR);
    const hash = freshHash();
    expect((await deposit(first.token, hash)).status).toBe(201);
    const again = await deposit(other.token, spell(hash));
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      field: 'transactionId',
      error: 'This transaction id was already submitted',
    });
    const [{ n }] = await t.services.ds.query(
      `SELECT count(*)::int AS n FROM "transaction" WHERE transaction_id_key = $1`,
      [hash],
    );
    expect(n).toBe(1);
  });

  it('refuses a variant through GraphQL too, and keeps what the first investor typed for display', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const hash = freshHash();
    const typed = `0x${hash.toUpperCase()}`;
    const created = await deposit(investor.token, typed);
    expect(created.body.data.transactionId).toBe(typed);
    const res = await t.gql(
      `mutation($input: DepositInput!) { createDeposit(input: $input) { id } }`,
      { input: { planId: starter.id, crypto: 'bitcoin', amount: '200', transactionId: hash } },
      investor.token,
    );
    expect(res.body.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('allows the same id for a different coin', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const hash = freshHash();
    expect((await deposit(investor.token, hash, 'bitcoin')).status).toBe(201);
    expect((await deposit(investor.token, hash, 'ethereum')).status).toBe(201);
  });

  it('refuses characters no blockchain id has with 422 and stores nothing', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const res = await deposit(investor.token, `${freshHash().slice(0, 30)}\u0436\u0436`);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'transactionId' });
  });
});
