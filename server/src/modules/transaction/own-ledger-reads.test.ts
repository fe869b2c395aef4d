import { randomBytes } from 'node:crypto';
import { cutListener, until } from '../../test/live-test-client';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { queriesOf } from '../../test/statements';
import { createScratchDatabase, type ScratchDatabase, type TestApp, startTestApp } from '../../test/harness';
import { Account } from '../account/account.entity';
import { LedgerReason } from '../ledger/ledger-entry.entity';
import { applyLedger } from '../ledger/apply-ledger';

// Issue 16: the overview reads the investor's account, what they can withdraw and a page of their
// transactions on every visit, so each instance keeps those answers in memory per investor, but only
// while it hears every change to their rows (LedgerChanges triggers on account and transaction →
// NOTIFY cryptovest_ledger → its LISTEN), and the instance that writes forgets them itself once its
// transaction commits. Two instances on a database of this file's own (the tests turn triggers off).

let db: ScratchDatabase;
let a: TestApp;
let b: TestApp;
let starter: Plan;
beforeAll(async () => {
  db = await createScratchDatabase();
  a = await startTestApp({ SERVER_TIMING: 'true' }, { databaseUrl: db.url });
  b = await startTestApp({ SERVER_TIMING: 'true' }, { databaseUrl: db.url });
  starter = await a.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

const ACCOUNT = '{ account { balance available } }';
const PAGE = '{ myTransactions(page: 1, pageSize: 4) { total items { amount } } }';

/** The investor's balance, limit and first page's total on an instance, and the statements it took. */
async function overview(t: TestApp, token: string) {
  const account = await t.gql(ACCOUNT, {}, token);
  const page = await t.gql(PAGE, {}, token);
  return {
    balance: account.body.data.account.balance as string,
    available: account.body.data.account.available as string,
    transactions: page.body.data.myTransactions.total as number,
    queries: queriesOf(account.headers['server-timing']) + queriesOf(page.headers['server-timing']),
  };
}

/** Credits the investor through the ledger in `work`'s transaction, as an admin adjustment does. */
async function credit(t: TestApp, userId: string, amount: string, inside?: () => Promise<void>) {
  await t.services.ds.transaction(async (m) => {
    const { id } = await m.getRepository(Account).findOneByOrFail({ userId });
    await applyLedger(m, id, [{ bucket: 'balance', delta: amount }], { reason: LedgerReason.ADMIN_ADJUSTMENT });
    await inside?.();
  });
}

/** A deposit into the Starter plan through the API (a transaction row and its event). */
async function deposit(t: TestApp, token: string) {
  const res = await t.gql(
    `mutation($input: DepositInput!) { createDeposit(input: $input) { id } }`,
    { input: { planId: starter.id, crypto: 'bitcoin', amount: '200', transactionId: randomBytes(32).toString('hex') } },
    token,
  );
  expect(res.body.data.createDeposit.id).toBeTruthy();
}

const TRIGGERS = ['ledger_inserted', 'ledger_updated', 'ledger_deleted'];

/** Runs `work` with the LedgerChanges triggers off: only an instance's own forgetting is left. */
async function withoutTriggers(work: () => Promise<void>) {
  const toggle = async (how: 'DISABLE' | 'ENABLE') => {
    for (const table of ['account', '"transaction"'])
      for (const trigger of TRIGGERS) await a.services.ds.query(`ALTER TABLE ${table} ${how} TRIGGER ${trigger}`);
  };
  await toggle('DISABLE');
  try {
    await work();
  } finally {
    await toggle('ENABLE');
  }
}

describe("investors' own reads kept in memory while their changes are heard", () => {
  it('answers a known overview without a statement, over GraphQL and REST', async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    await a.fund(user.id, '150');
    expect(await overview(a, token)).toEqual({
      balance: '150.00000',
      available: '150.00000',
      transactions: 0,
      queries: 5,
    });
    expect(await overview(a, token)).toEqual({
      balance: '150.00000',
      available: '150.00000',
      transactions: 0,
      queries: 0,
    });

    const auth = { authorization: `Bearer ${token}` };
    const account = await a.http.get('/api/account').set(auth);
    expect(account.body.data).toMatchObject({ balance: '150.00000', available: '150.00000' });
    expect(queriesOf(account.headers['server-timing'])).toBe(0);
    const page = await a.http.get('/api/transaction/all?page=1&pageSize=4').set(auth);
    expect(page.body.meta.total).toBe(0);
    expect(queriesOf(page.headers['server-timing'])).toBe(0);
  });

  it("shows an operator's SQL and another instance's writes on every instance", async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    // Kept on both: the sign-up's own NOTIFY may still arrive after the first read and drop it once.
    for (const t of [a, b])
      await until(
        () => overview(t, token),
        (o) => o.queries === 0,
      );

    await a.services.ds.query(`UPDATE account SET balance = 75, updated_at = now() WHERE user_id = $1`, [user.id]);
    await deposit(b, token);
    for (const t of [a, b]) {
      await until(
        () => overview(t, token),
        (o) => o.balance === '75.00000' && o.transactions === 1,
      );
    }
  });

  it('shows this instance its own writes at once, before any NOTIFY, and only once they commit', async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    await overview(a, token);
    await overview(b, token);
    await withoutTriggers(async () => {
      await credit(a, user.id, '40', async () => {
        // Read while the credit is not committed yet: the old answer, which must not stay kept.
        expect((await overview(a, token)).balance).toBe('0.00000');
      });
      expect(await overview(a, token)).toMatchObject({ balance: '40.00000', available: '40.00000' });

      await deposit(a, token);
      expect((await overview(a, token)).transactions).toBe(1);
      // Instance b heard nothing (the triggers are off): it still has the old answers.
      expect(await overview(b, token)).toMatchObject({ balance: '0.00000', transactions: 0, queries: 0 });
    });
    // The triggers are back: the next change is heard by b, which drops its old answers.
    await a.services.ds.query(`UPDATE account SET updated_at = now() WHERE user_id = $1`, [user.id]);
    await until(
      () => overview(b, token),
      (o) => o.balance === '40.00000' && o.transactions === 1,
    );
  });

  it('reads from the database while the LISTEN connection is down, and keeps again after', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    // Kept: the sign-up's own NOTIFY may still arrive after the first read and drop it once.
    await until(
      () => overview(b, token),
      (o) => o.queries === 0,
    );
    b.services.ownLedger.kept.lost(); // as the listener reports when its connection drops
    expect((await overview(b, token)).queries).toBe(4);
    expect((await overview(b, token)).queries).toBe(4);

    await cutListener(b.app.live.listener, a.services.ds);
    await overview(b, token);
    expect((await overview(b, token)).queries).toBe(0);
  });

  it('refuses a bad page as before, and keeps nothing for it', async () => {
    const { token } = await a.createUser(UserType.INVESTOR);
    const res = await a.gql('{ myTransactions(page: 0, pageSize: 4) { total } }', {}, token);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    const rest = await a.http.get('/api/transaction/all?page=1&pageSize=1000').set('authorization', `Bearer ${token}`);
    expect(rest.status).toBe(400);
  });
});
