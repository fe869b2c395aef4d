import { ACCOUNT_BUCKETS, type AccountBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';
import { startTestApp, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { BUCKET_COLUMN } from './buckets';
import { LedgerModel } from '../../test/ledger-model';

// A random mix of deposits, withdrawals, status changes, admin edits, time and settlements, each
// answer checked against a plain model of the money rules (ledger-model.ts), and every account
// compared with the model after every step (issue 14: the old mix never looked at a response).

let t: TestApp;
let admin: { token: string };
/** Moved by the mix so deposits mature (settlement here is by id only: this database is shared). */
const clock = new ManualClock();
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await t.createUser(UserType.ADMIN, { fullName: 'Mix Admin' });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const USDT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** What a step may do, weighted so refusals (reversals a lowered bucket can't take, held settlements) happen too. */
const ACTIONS = [
  'deposit',
  'deposit',
  'withdraw',
  'status',
  'status',
  'status',
  'edit',
  'editCoin',
  'editCoin',
  'time',
  'settle',
  'settle',
] as const;

/** The account's amounts as stored, as 5-decimal text per bucket. */
async function stored(userId: string): Promise<Record<string, string>> {
  const columns = ACCOUNT_BUCKETS.map((b) => `${BUCKET_COLUMN[b]}::text AS "${b}"`).join(', ');
  const [row] = await t.services.ds.query(`SELECT ${columns} FROM account WHERE user_id = $1`, [userId]);
  return row;
}

/** The model's amounts in the same form. */
const expected = (model: LedgerModel, userId: string) =>
  Object.fromEntries(ACCOUNT_BUCKETS.map((b) => [b, model.accounts.get(userId)![b].toFixed(5)]));

describe('a random mix of money operations', () => {
  it('answers each request as the rules say and leaves every account where the model says', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const investors = await Promise.all([0, 1, 2].map(() => t.createUser(UserType.INVESTOR)));
    const model = new LedgerModel();
    for (const i of investors) {
      model.open(i.user.id);
      const saved = await t.http
        .put('/api/account')
        .set(bearer(i.token))
        .send({ wallet: { usdt: USDT_ADDRESS } });
      expect(saved.status).toBe(200);
    }
    const ids: string[] = [];
    const seen: Record<string, number> = {};
    const count = (what: string) => (seen[what] = (seen[what] ?? 0) + 1);

    for (let step = 0; step < 220; step += 1) {
      const who = pick(investors);
      const action = pick(ACTIONS);
      /** What this step did, for a readable failure. */
      let doing = `${step} ${action}`;
      if (action === 'deposit') {
        const amount = String(10000 + Math.floor(random() * 20000));
        const crypto = pick(['bitcoin', 'usdt', 'ethereum']);
        const res = await t.http
          .post('/api/transaction/create')
          .set(bearer(who.token))
          .send({ trxType: 'DEPOSIT', planId: gold.id, crypto, amount, transactionId: `mix-${Date.now()}-${step}` });
        expect({ doing, status: res.status, state: res.body.data?.status }).toEqual({
          doing,
          status: 201,
          state: 'PENDING',
        });
        const { id } = res.body.data;
        model.add({
          id,
          owner: who.user.id,
          trxType: 'DEPOSIT',
          amount: new Decimal(amount),
          crypto,
          profitPercent: new Decimal(gold.profitPercent),
        });
        ids.push(id);
      } else if (action === 'withdraw') {
        const amount = (10 + random() * 290).toFixed(2);
        const fits = new Decimal(amount).lte(model.available(who.user.id));
        doing += ` ${amount} (available ${model.available(who.user.id).toFixed(2)})`;
        const res = await t.http
          .post('/api/transaction/create')
          .set(bearer(who.token))
          .send({ trxType: 'WITHDRAWAL', crypto: 'usdt', amount, wallet: USDT_ADDRESS });
        expect({ doing, status: res.status }).toEqual({ doing, status: fits ? 201 : 409 });
        count(fits ? 'withdrawal accepted' : 'withdrawal refused');
        if (fits) {
          model.add({
            id: res.body.data.id,
            owner: who.user.id,
            trxType: 'WITHDRAWAL',
            amount: new Decimal(amount),
            crypto: 'usdt',
            profitPercent: new Decimal(0),
          });
          ids.push(res.body.data.id);
        }
      } else if (action === 'status' && ids.length) {
        const id = pick(ids);
        const target = pick(['PENDING', 'CONFIRMED', 'DECLINED'] as const);
        const before = model.transactions.get(id)!.status;
        doing += ` ${before} -> ${target}`;
        const want = model.setStatus(id, target, clock.now().getTime());
        const res = await t.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: target });
        expect({ doing, status: res.status, state: res.body.data?.status }).toEqual({
          doing,
          status: want,
          state: want === 200 ? target : undefined,
        });
        count(want === 200 ? 'status accepted' : 'status refused');
      } else if (action === 'edit' || action === 'editCoin') {
        // Lowering what a confirmed deposit's principal would come back from holds its settlement.
        const bucket: AccountBucket = action === 'edit' ? 'balance' : pick(['investment', 'usdt', 'bitcoin'] as const);
        const value = (random() * (action === 'edit' ? 500 : 5000)).toFixed(action === 'edit' ? 5 : 2);
        doing += ` ${bucket}=${value}`;
        const res = await t.http
          .put(`/api/account/${who.user.id}`)
          .set(bearer(admin.token))
          .send({ [bucket]: value, reason: `step ${step}` });
        expect({ doing, status: res.status, value: res.body.data?.[bucket] }).toEqual({
          doing,
          status: 200,
          value: new Decimal(value).toFixed(5),
        });
        model.set(who.user.id, bucket, value);
      } else if (action === 'time') {
        clock.advanceSeconds(Math.floor(random() * 30 * 3600));
      } else if (action === 'settle' && ids.length) {
        // The job's path, or an admin settling from the queue (some are held, not due, or not deposits).
        const chosen = [pick(ids), pick(ids)];
        const now = clock.now().getTime();
        if (random() < 0.5) {
          const want = model.settleOne(chosen[0], now);
          const got = await t.services.settlement.settleOne(chosen[0]);
          expect({ doing, got }).toEqual({ doing, got: want });
          count(`settleOne ${want}`);
        } else {
          const want = model.settleByAdmin(chosen, now);
          const res = await t.http.post('/api/settlements').set(bearer(admin.token)).send({ ids: chosen });
          expect({ doing, status: res.status }).toEqual({ doing, status: 200 });
          const got = res.body.data.map((r: { id: string; settled: boolean }) => ({ id: r.id, settled: r.settled }));
          expect({ doing, got }).toEqual({ doing, got: want });
          for (const w of want) count(w.settled ? 'admin settled' : 'admin refused');
        }
      }
      for (const i of investors) {
        expect({ doing, account: await stored(i.user.id) }).toEqual({ doing, account: expected(model, i.user.id) });
      }
    }

    // The mix went through the interesting paths, not only the easy ones.
    expect(seen).toEqual(
      expect.objectContaining({
        'withdrawal accepted': expect.any(Number),
        'withdrawal refused': expect.any(Number),
        'status accepted': expect.any(Number),
        'status refused': expect.any(Number),
        'settleOne settled': expect.any(Number),
        'admin settled': expect.any(Number),
      }),
    );
    // Every bucket is the sum of its ledger entries, and no deposit paid its profit twice.
    for (const i of investors) {
      const [sums] = await t.services.ds.query(
        `SELECT ${ACCOUNT_BUCKETS.map(
          (b) => `COALESCE(sum(delta) FILTER (WHERE bucket = '${b}'), 0)::numeric(20,5)::text AS "${b}"`,
        ).join(', ')}
           FROM ledger_entry l JOIN account a ON a.id = l.account_id WHERE a.user_id = $1`,
        [i.user.id],
      );
      expect(sums).toEqual(expected(model, i.user.id));
    }
    const [{ twice }] = await t.services.ds.query(
      `SELECT count(*)::int AS twice FROM (SELECT transaction_id FROM ledger_entry WHERE reason = 'SETTLEMENT_PROFIT'
         AND transaction_id = ANY($1::uuid[]) AND bucket = 'profit' GROUP BY transaction_id HAVING count(*) > 1) x`,
      [ids],
    );
    expect(twice).toBe(0);
  }, 90_000);
});
