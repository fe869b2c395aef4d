import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { UserType } from '../user/user.entity';

// A stolen session redirecting withdrawals (issue 10): the owner is mailed about every address
// change and every withdrawal request, and a changed address can't receive money for 24 hours.

let t: TestApp;
let smtp: SmtpSink;
let clock: ManualClock;
beforeAll(async () => {
  smtp = await startSmtpSink();
  clock = new ManualClock();
  t = await startTestApp({ SMTP_URL: smtp.url, WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: '24' }, { clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const FIRST = 'bc1qownersfirstaddress01';
const THIEF = 'bc1qattackersaddress0009';

const saveBitcoin = (token: string, bitcoin: string) =>
  t.http.put('/api/account').set(bearer(token)).send({ wallet: { bitcoin } });
const withdraw = (token: string, wallet: string) =>
  t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '40', wallet });

async function funded() {
  const investor = await t.createUser(UserType.INVESTOR);
  await t.fund(investor.user.id, '500');
  return investor;
}

/** Mails to `to`, after the background work that sends them has finished. */
async function mailsTo(to: string): Promise<string[]> {
  await t.services.background.idle();
  return smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.raw);
}

describe('withdrawal addresses', () => {
  it('lets the first address receive money at once and mails the owner', async () => {
    const { user, token } = await funded();
    expect((await saveBitcoin(token, FIRST)).status).toBe(200);
    expect((await withdraw(token, FIRST)).status).toBe(201);
    const mails = await mailsTo(user.email);
    expect(mails.some((m) => m.includes(`Your bitcoin withdrawal address was set to ${FIRST}.`))).toBe(true);
    expect(
      mails.some((m) => /withdrawal of \$40\.00 in bitcoin to bc1qownersfirstaddress01 was requested/.test(m)),
    ).toBe(true);
  });

  it('refuses a changed address for 24 hours, says until when, and accepts it afterwards', async () => {
    const { user, token } = await funded();
    await saveBitcoin(token, FIRST);
    clock.advanceSeconds(3600);
    const changed = await saveBitcoin(token, THIEF);
    expect(changed.status).toBe(200);
    const until = new Date(clock.now().getTime() + 24 * 3600_000);
    expect(changed.body.data.walletUsableFrom).toEqual({ bitcoin: until.toISOString() });
    const gql = await t.gql('{ account { withdrawalAddresses { coin address usableFrom } } }', {}, token);
    expect(gql.body.data.account.withdrawalAddresses).toEqual([
      { coin: 'bitcoin', address: THIEF, usableFrom: until.toISOString() },
    ]);

    const refused = await withdraw(token, THIEF);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      field: 'wallet',
      error: `This address was changed recently: it can receive withdrawals from ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    const notice = (await mailsTo(user.email)).find((m) => m.includes(THIEF));
    expect(notice).toContain(`it can receive withdrawals from ${until.toUTCString()}`);

    clock.advanceSeconds(23 * 3600);
    expect((await withdraw(token, THIEF)).status).toBe(409);
    clock.advanceSeconds(3600 + 1);
    expect((await withdraw(token, THIEF)).status).toBe(201);
  });

  it('treats clearing and setting again as a change, not as a first address', async () => {
    const { token } = await funded();
    await saveBitcoin(token, FIRST);
    await saveBitcoin(token, '');
    await saveBitcoin(token, THIEF);
    expect((await withdraw(token, THIEF)).status).toBe(409);
  });

  it('mails the owner when an address is removed', async () => {
    const { user, token } = await funded();
    await saveBitcoin(token, FIRST);
    await saveBitcoin(token, '');
    expect((await mailsTo(user.email)).some((m) => m.includes('Your bitcoin withdrawal address was removed.'))).toBe(
      true,
    );
  });
});
