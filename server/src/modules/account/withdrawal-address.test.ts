import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';

// A stolen session redirecting withdrawals (issues 10 and 33): the owner is mailed about every
// address change and every withdrawal request, and an address the account did not have 24 hours
// ago can't receive money, a coin's first address included, unless it was saved before any money
// came in. Each test below performs the attack and checks that the attacker now fails.

let t: TestApp;
let smtp: SmtpSink;
let clock: ManualClock;
let admin: { token: string };
let starter: Plan;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url, WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: '24' }, { clock });
  admin = await t.createUser(UserType.ADMIN);
  starter = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const HOUR = 3600;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const OWNERS = 'bc1qownersfirstaddress01';
const THIEF = 'bc1qattackersaddress0009';
const THIEF_USDT = 'TAttackersUsdtAddress0009';
type Coin = 'bitcoin' | 'usdt';

const save = (token: string, coin: Coin, address: string) =>
  t.http
    .put('/api/account')
    .set(bearer(token))
    .send({ wallet: { [coin]: address } });
const withdraw = (token: string, coin: Coin, wallet: string) =>
  t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({ trxType: 'WITHDRAWAL', crypto: coin, amount: '40', wallet });

/** The refusal's text for an address usable from `until`, as the wallet field shows it. */
const coolingMessage = (until: Date) =>
  `This address was saved recently: for your safety it can receive withdrawals from ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A deposit of the investor's, confirmed by an admin through the REST facade. */
async function confirmedDeposit(token: string): Promise<void> {
  const deposit = await t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({
      trxType: 'DEPOSIT',
      planId: starter.id,
      crypto: 'bitcoin',
      amount: '150',
      transactionId: `cooldown-${randomBytes(8).toString('hex')}`,
    });
  expect(deposit.status).toBe(201);
  const confirmed = await t.http
    .put(`/api/transaction/${deposit.body.data.id}`)
    .set(bearer(admin.token))
    .send({ status: 'CONFIRMED' });
  expect(confirmed.status).toBe(200);
}

/** An investor whose first deposit is confirmed and who has $500 to withdraw: the thief's target. */
async function depositor() {
  const investor = await t.createUser(UserType.INVESTOR);
  await confirmedDeposit(investor.token);
  await t.fund(investor.user.id, '500');
  return investor;
}

/** What a refused request must leave as it was: the owner's account row, transactions and ledger. */
async function footprint(userId: string) {
  const [row] = await t.services.ds.query(
    `SELECT a::text AS account,
            (SELECT count(*)::int FROM "transaction" x WHERE x.user_id = a.user_id) AS transactions,
            (SELECT count(*)::int FROM ledger_entry l WHERE l.account_id = a.id) AS entries
       FROM account a WHERE a.user_id = $1`,
    [userId],
  );
  return row;
}

/** Mails to `to`, after the background work that sends them has finished. */
async function mailsTo(to: string): Promise<string[]> {
  await t.services.background.idle();
  return smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.raw);
}

describe('the withdrawal-address cool-down', () => {
  it('refuses a first address for a coin never used once a deposit is confirmed, and accepts it 24 hours later', async () => {
    const { user, token } = await depositor();
    const saved = await save(token, 'usdt', THIEF_USDT);
    expect(saved.status).toBe(200);
    const until = new Date(clock.now().getTime() + 24 * HOUR * 1000);
    expect(saved.body.data.walletUsableFrom).toEqual({ usdt: until.toISOString() });

    const before = await footprint(user.id);
    const refused = await withdraw(token, 'usdt', THIEF_USDT);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ error: coolingMessage(until), code: 'CONFLICT', field: 'wallet' }]);
    expect(await footprint(user.id)).toEqual(before); // no transaction row, no ledger entry, same balance
    const mails = await mailsTo(user.email);
    expect(mails.some((m) => m.includes(`it can receive withdrawals from ${until.toUTCString()}`))).toBe(true);
    expect(mails.some((m) => m.includes('was requested'))).toBe(false);

    clock.advanceSeconds(24 * HOUR - 1);
    expect((await withdraw(token, 'usdt', THIEF_USDT)).status).toBe(409);
    clock.advanceSeconds(1);
    expect((await withdraw(token, 'usdt', THIEF_USDT)).status).toBe(201);
  });

  it('refuses it over GraphQL too, with the same words on the wallet field, and nothing changes', async () => {
    const { user, token } = await depositor();
    const saved = await t.gql(
      `mutation($input: WithdrawalAddressesInput!) {
         updateWithdrawalAddresses(input: $input) { withdrawalAddresses { coin address usableFrom } } }`,
      { input: { usdt: THIEF_USDT } },
      token,
    );
    const until = new Date(clock.now().getTime() + 24 * HOUR * 1000);
    expect(saved.body.data.updateWithdrawalAddresses.withdrawalAddresses).toEqual([
      { coin: 'usdt', address: THIEF_USDT, usableFrom: until.toISOString() },
    ]);
    const request = () =>
      t.gql(
        `mutation($input: WithdrawalInput!) { requestWithdrawal(input: $input) { id status } }`,
        { input: { crypto: 'usdt', amount: '40', wallet: THIEF_USDT } },
        token,
      );
    const before = await footprint(user.id);
    const refused = await request();
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].message).toBe(coolingMessage(until));
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'wallet', message: coolingMessage(until) }],
    });
    expect(await footprint(user.id)).toEqual(before);

    clock.advanceSeconds(24 * HOUR);
    expect((await request()).body.data.requestWithdrawal).toMatchObject({ status: 'PENDING' });
  });

  it('also ends the exemption with an admin credit, for an account funded without a deposit', async () => {
    const { token, user } = await t.createUser(UserType.INVESTOR);
    await t.fund(user.id, '500');
    await save(token, 'bitcoin', THIEF);
    expect((await withdraw(token, 'bitcoin', THIEF)).status).toBe(409);
  });

  it('lets an address saved before the first confirmed deposit receive money as soon as it is confirmed', async () => {
    // Before issue 33 every coin's first address was usable at once, which let a thief add one for
    // an unused coin and withdraw; now only an address saved before any money came in is.
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const saved = await save(token, 'bitcoin', OWNERS);
    expect(saved.body.data.walletUsableFrom).toEqual({});
    await confirmedDeposit(token);
    await t.fund(user.id, '500');
    expect((await withdraw(token, 'bitcoin', OWNERS)).status).toBe(201);
    const mails = await mailsTo(user.email);
    expect(mails.some((m) => m.includes(`Your bitcoin withdrawal address was set to ${OWNERS}.`))).toBe(true);
    expect(mails.some((m) => m.includes('it can receive withdrawals from'))).toBe(false);
    expect(
      mails.some((m) => /withdrawal of \$40\.00 in bitcoin to bc1qownersfirstaddress01 was requested/.test(m)),
    ).toBe(true);
  });

  it('refuses a changed address for 24 hours, says until when, and accepts it afterwards', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    await save(token, 'bitcoin', OWNERS); // before any money: usable at once
    await confirmedDeposit(token);
    await t.fund(user.id, '500');
    expect((await withdraw(token, 'bitcoin', OWNERS)).status).toBe(201);
    clock.advanceSeconds(HOUR);
    const changed = await save(token, 'bitcoin', THIEF);
    expect(changed.status).toBe(200);
    const until = new Date(clock.now().getTime() + 24 * HOUR * 1000);
    expect(changed.body.data.walletUsableFrom).toEqual({ bitcoin: until.toISOString() });
    const account = await t.http.get('/api/account').set(bearer(token));
    expect(account.body.data.walletUsableFrom).toEqual({ bitcoin: until.toISOString() });

    const refused = await withdraw(token, 'bitcoin', THIEF);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ field: 'wallet', error: coolingMessage(until) });
    const notice = (await mailsTo(user.email)).find((m) => m.includes(THIEF));
    expect(notice).toContain(`it can receive withdrawals from ${until.toUTCString()}`);

    clock.advanceSeconds(23 * HOUR);
    expect((await withdraw(token, 'bitcoin', THIEF)).status).toBe(409);
    clock.advanceSeconds(HOUR + 1);
    expect((await withdraw(token, 'bitcoin', THIEF)).status).toBe(201);
  });

  it('treats clearing and setting again as a new address, even the same one', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    await save(token, 'bitcoin', OWNERS);
    await confirmedDeposit(token);
    await t.fund(user.id, '500');
    await save(token, 'bitcoin', '');
    await save(token, 'bitcoin', OWNERS);
    expect((await withdraw(token, 'bitcoin', OWNERS)).status).toBe(409);
  });

  it('mails the owner when an address is removed', async () => {
    const { user, token } = await depositor();
    await save(token, 'bitcoin', OWNERS);
    await save(token, 'bitcoin', '');
    expect((await mailsTo(user.email)).some((m) => m.includes('Your bitcoin withdrawal address was removed.'))).toBe(
      true,
    );
  });
});
