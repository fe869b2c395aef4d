import { randomUUID } from 'node:crypto';
import { createScratchDatabase, startTestApp, type ScratchDatabase, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { Plan } from '../../modules/plan/plan.entity';
import { tinyPng } from '../../test/test-images';
import { requestFingerprint } from './fingerprint';
import { UserType } from '../../modules/user/user.entity';

// Retries of money mutations (issue 11): with an idempotency key a request runs once per user and
// key, whoever repeats it, on whichever instance, however many times at once.

// A database of this file's own: its row fingerprints must see only this file's writes, also when
// jest runs test files side by side.
let db: ScratchDatabase;
let a: TestApp;
let b: TestApp;
let clock: ManualClock;
let gold: Plan;
beforeAll(async () => {
  clock = new ManualClock();
  db = await createScratchDatabase();
  a = await startTestApp({}, { clock, databaseUrl: db.url });
  b = await startTestApp({}, { clock, databaseUrl: db.url });
  gold = await a.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

const BTC = 'bc1qidempotentaddress001';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function investor() {
  const created = await a.createUser(UserType.INVESTOR);
  // The address before the money: saved after money came in it would wait a day (issue 33).
  await a.http
    .put('/api/account')
    .set(bearer(created.token))
    .send({ wallet: { bitcoin: BTC } });
  await a.fund(created.user.id, '1000');
  return created;
}

const withdrawal = { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '25', wallet: BTC };
const withdraw = (app: TestApp, token: string, key: string, body: object = withdrawal) =>
  app.http.post('/api/transaction/create').set(bearer(token)).set('idempotency-key', key).send(body);

async function countRows(userId: string, type = 'WITHDRAWAL'): Promise<number> {
  const [{ n }] = await a.services.ds.query(
    `SELECT count(*)::int AS n FROM "transaction" WHERE user_id = $1 AND trx_type = $2`,
    [userId, type],
  );
  return n;
}

describe('Idempotency-Key on REST money paths', () => {
  it('20 concurrent identical withdrawals with one key on two instances make one transaction and 20 identical answers', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(i % 2 ? a : b, token, key)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const bodies = new Set(answers.map((r) => JSON.stringify(r.body)));
    expect(bodies.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await countRows(user.id)).toBe(1);
  });

  it('answers a later retry with the first response and changes nothing', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    const first = await withdraw(a, token, key);
    const again = await withdraw(b, token, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countRows(user.id)).toBe(1);
    // Without a key (or with another one) it is a new request.
    expect((await withdraw(a, token, randomUUID())).status).toBe(201);
    expect(await countRows(user.id)).toBe(2);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    await withdraw(a, token, key);
    const other = await withdraw(a, token, key, { ...withdrawal, amount: '26' });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].error).toBe('This idempotency key was already used for a different request');
    expect(await countRows(user.id)).toBe(1);
  });

  it('replays a refusal too (the first answer), so a retry never turns into a different action', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    const refused = await withdraw(a, token, key, { ...withdrawal, amount: '5000' });
    expect(refused.status).toBe(409);
    await a.fund(user.id, '10000');
    const retry = await withdraw(a, token, key, { ...withdrawal, amount: '5000' });
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(refused.body);
    expect(await countRows(user.id)).toBe(0);
  });

  it('keeps keys per user: another user with the same key gets their own result', async () => {
    const first = await investor();
    const second = await investor();
    const key = randomUUID();
    const mine = await withdraw(a, first.token, key);
    const theirs = await withdraw(a, second.token, key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
  });

  it('forgets a key after 24 hours', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    await withdraw(a, token, key);
    clock.advanceSeconds(24 * 3600 + 1);
    expect((await withdraw(a, token, key)).headers['idempotent-replayed']).toBeUndefined();
    expect(await countRows(user.id)).toBe(2);
  });

  it('takes over a claim whose request died (lease expired) and runs it once', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    await a.services.ds.query(
      `INSERT INTO idempotency_key (user_id, key, fingerprint, state, owner, lease_until, expires_at)
       VALUES ($1, $2, $3, 'running', $4, $5::timestamptz - interval '1 second', $5::timestamptz + interval '1 day')`,
      [user.id, key, requestFingerprint('POST /api/transaction/create', withdrawal), randomUUID(), clock.now()],
    );
    expect((await withdraw(a, token, key)).status).toBe(201);
    expect(await countRows(user.id)).toBe(1);
  });

  it('commits the work with its record: work whose claim was lost is rolled back, and the request runs once', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    // Hold the investor's account row so the withdrawal stops half-way through its transaction.
    const holder = a.services.ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT id FROM account WHERE user_id = $1 FOR UPDATE`, [user.id]);
    const pending = withdraw(a, token, key).then((r) => r); // sent now (supertest waits for then)
    const claimed = async () =>
      (await a.services.ds.query(`SELECT 1 FROM idempotency_key WHERE user_id = $1 AND key = $2`, [user.id, key]))
        .length === 1;
    for (const deadline = Date.now() + 5000; !(await claimed()) && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 10));
    // Meanwhile the claim is lost (as when its lease ran out and another request took it over).
    await a.services.ds.query(`DELETE FROM idempotency_key WHERE user_id = $1 AND key = $2`, [user.id, key]);
    await holder.commitTransaction();
    await holder.release();
    expect((await pending).status).toBe(201);
    expect(await countRows(user.id)).toBe(1);
  });

  it('guards the admin status change and account edit', async () => {
    const admin = await a.createUser(UserType.ADMIN);
    const { user, token } = await investor();
    const created = await withdraw(a, token, randomUUID());
    const key = randomUUID();
    const confirm = (app: TestApp) =>
      app.http
        .put(`/api/transaction/${created.body.data.id}`)
        .set(bearer(admin.token))
        .set('idempotency-key', key)
        .send({ status: 'CONFIRMED' });
    const answers = await Promise.all([confirm(a), confirm(b), confirm(a)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const editKey = randomUUID();
    const edit = () =>
      a.http
        .put(`/api/account/${user.id}`)
        .set(bearer(admin.token))
        .set('idempotency-key', editKey)
        .send({ profit: '12.5', reason: 'goodwill' });
    const edits = await Promise.all([edit(), edit()]);
    expect(edits.map((r) => r.status)).toEqual([200, 200]);
    const entries = await a.services.ds.query(
      `SELECT reason FROM ledger_entry l JOIN account c ON c.id = l.account_id WHERE c.user_id = $1 ORDER BY l.id`,
      [user.id],
    );
    expect(entries.map((e: { reason: string }) => e.reason)).toEqual([
      'ADMIN_ADJUSTMENT', // the funding
      'WITHDRAWAL_CONFIRMED',
      'ADMIN_ADJUSTMENT', // the profit, once
    ]);
  });

  it('refuses a malformed key', async () => {
    const { token } = await investor();
    const res = await withdraw(a, token, 'x'.repeat(300));
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'Idempotency-Key' });
  });
});

describe('Idempotency-Key on POST /api/upload', () => {
  const upload = (app: TestApp, token: string, key: string, file: Buffer) =>
    app.http.post('/api/upload').set(bearer(token)).set('idempotency-key', key).attach('file', file, 'proof.png');

  it('stores a retried file once, answers the same, costs no second upload, and refuses another file on the key', async () => {
    const { user, token } = await a.createUser(UserType.INVESTOR);
    const key = randomUUID();
    const first = await upload(a, token, key, tinyPng());
    const retries = await Promise.all([upload(b, token, key, tinyPng()), upload(a, token, key, tinyPng())]);
    expect(first.status).toBe(201);
    for (const r of retries) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(first.body);
      expect(r.headers['idempotent-replayed']).toBe('true');
    }
    const [{ n }] = await a.services.ds.query(`SELECT count(*)::int AS n FROM upload WHERE owner_id = $1`, [user.id]);
    expect(n).toBe(1);
    const budget = await a.services.budgets.peek(a.services.limits.rules.uploadsPerUser, user.id);
    expect(budget?.used).toBe(1);

    const other = await upload(a, token, key, tinyPng([0, 0, 255, 255]));
    expect(other.status).toBe(422);
    expect(other.body.errors[0].error).toBe('This idempotency key was already used for a different request');
  });
});

describe('idempotencyKey on GraphQL money mutations', () => {
  const DEPOSIT = `mutation($input: DepositInput!, $key: String) { createDeposit(input: $input, idempotencyKey: $key) { id status amount } }`;

  it('20 concurrent createDeposit calls with one key make one deposit, and every answer names it', async () => {
    const { user, token } = await investor();
    const key = randomUUID();
    const input = { planId: gold.id, crypto: 'bitcoin', amount: '12000', transactionId: `idem-${randomUUID()}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).gql(DEPOSIT, { input, key }, token)),
    );
    const ids = new Set(answers.map((r) => r.body.data?.createDeposit?.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    expect(await countRows(user.id, 'DEPOSIT')).toBe(1);

    const other = await a.gql(DEPOSIT, { input: { ...input, amount: '13000' }, key }, token);
    expect(other.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
