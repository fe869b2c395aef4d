import { randomBytes } from 'node:crypto';
import { startTestApp, TestApp } from '../../test/harness';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { ledgerMismatches } from './invariant';

// Farming the signup bonus (issue 10): new accounts must not withdraw the $100 bonus before their
// first confirmed deposit. Lock and unlock are ledger entries; reversing that deposit locks it again.

let t: TestApp;
let smtp: SmtpSink;
let admin: { token: string };
let starter: Plan;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url, SIGNUP_BONUS: '100' });
  admin = await t.createUser(UserType.ADMIN);
  starter = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const BTC = 'bc1qbonusfarmaddress0001';

/** A brand-new investor through the real sign-up (register, mailed code, verify) with a saved address. */
async function signUp(): Promise<{ token: string; userId: string }> {
  const email = `farm+${randomBytes(4).toString('hex')}@example.test`;
  await t.http
    .post('/api/user/create')
    .send({ fullName: 'Bonus Farmer', email, country: 'GB', password: 'password-123' });
  const code = await smtp.waitFor(email, CODE_IN_MAIL);
  const verified = await t.http.post('/api/auth/verify-email').send({ email, otp: code });
  const token = verified.body.data.token;
  await t.http
    .put('/api/account')
    .set(bearer(token))
    .send({ wallet: { bitcoin: BTC } });
  const me = await t.http.get('/api/user').set(bearer(token));
  return { token, userId: me.body.data.id };
}

const withdraw = (token: string, amount: string) =>
  t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount, wallet: BTC });

async function ledger(userId: string) {
  return t.services.ds.query(
    `SELECT l.bucket, l.delta::text, l.reason FROM ledger_entry l JOIN account a ON a.id = l.account_id
      WHERE a.user_id = $1 ORDER BY l.id`,
    [userId],
  );
}

async function confirmedDeposit(token: string): Promise<string> {
  const dep = await t.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({
      trxType: 'DEPOSIT',
      planId: starter.id,
      crypto: 'bitcoin',
      amount: '150',
      transactionId: `bonus-${randomBytes(8).toString('hex')}`,
    });
  const id = dep.body.data.id;
  expect(
    (await t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' })).status,
  ).toBe(200);
  return id;
}

describe('the signup bonus is locked until the first confirmed deposit', () => {
  it('refuses to withdraw the bonus of a fresh account and says why', async () => {
    const { token, userId } = await signUp();
    const account = await t.gql('{ account { balance lockedBonus available } }', {}, token);
    expect(account.body.data.account).toEqual({ balance: '100.00000', lockedBonus: '100.00000', available: '0.00000' });
    const rest = await t.http.get('/api/account').set(bearer(token));
    expect(rest.body.data).toMatchObject({ balance: '100.00000', lockedBonus: '100.00000', available: '0.00000' });

    const refused = await withdraw(token, '100');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      field: 'amount',
      error:
        'The amount is more than your available balance ($0.00); your $100.00 bonus unlocks with your first deposit',
    });
    expect((await withdraw(token, '10')).status).toBe(409);
    const [{ n }] = await t.services.ds.query(
      `SELECT count(*)::int AS n FROM "transaction" WHERE user_id = $1 AND trx_type = 'WITHDRAWAL'`,
      [userId],
    );
    expect(n).toBe(0);
    expect(await ledger(userId)).toEqual([
      { bucket: 'balance', delta: '100.00000', reason: 'SIGNUP_BONUS' },
      { bucket: 'lockedBonus', delta: '100.00000', reason: 'BONUS_LOCKED' },
    ]);
  });

  it('unlocks with the first confirmed deposit (a ledger entry), then the bonus can be withdrawn', async () => {
    const { token, userId } = await signUp();
    const depositId = await confirmedDeposit(token);
    const account = await t.gql('{ account { balance lockedBonus available } }', {}, token);
    expect(account.body.data.account).toEqual({ balance: '100.00000', lockedBonus: '0.00000', available: '100.00000' });
    expect((await ledger(userId)).slice(-1)).toEqual([
      { bucket: 'lockedBonus', delta: '-100.00000', reason: 'BONUS_UNLOCKED' },
    ]);
    const [entry] = await t.services.ds.query(
      `SELECT transaction_id FROM ledger_entry WHERE reason = 'BONUS_UNLOCKED' AND transaction_id = $1`,
      [depositId],
    );
    expect(entry).toBeTruthy();
    expect((await withdraw(token, '100')).status).toBe(201);
  });

  it('locks the bonus again when the only confirmed deposit is reversed', async () => {
    const { token } = await signUp();
    const depositId = await confirmedDeposit(token);
    await t.http.put(`/api/transaction/${depositId}`).set(bearer(admin.token)).send({ status: 'DECLINED' });
    const account = await t.gql('{ account { lockedBonus available } }', {}, token);
    expect(account.body.data.account).toEqual({ lockedBonus: '100.00000', available: '0.00000' });
  });

  it("refuses an admin's confirmation of a withdrawal that would spend a locked bonus", async () => {
    const { token, userId } = await signUp();
    await t.fund(userId, '50');
    const request = await withdraw(token, '50');
    expect(request.status).toBe(201);
    // Meanwhile the funding is taken back (an admin correction): only the locked bonus is left.
    await t.http.put(`/api/account/${userId}`).set(bearer(admin.token)).send({ balance: '100', reason: 'correction' });
    const confirm = await t.http
      .put(`/api/transaction/${request.body.data.id}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED' });
    expect(confirm.status).toBe(409);
    expect(confirm.body.errors[0].error).toBe("This withdrawal would spend the investor's locked signup bonus");
    const balance = await t.gql('{ account { balance } }', {}, token);
    expect(balance.body.data.account.balance).toBe('100.00000');
  });

  it('keeps every bucket, lockedBonus included, equal to the sum of its ledger entries', async () => {
    const { token, userId } = await signUp();
    await confirmedDeposit(token);
    expect(await ledgerMismatches(t.services.ds, [userId])).toEqual([]);
  });
});
