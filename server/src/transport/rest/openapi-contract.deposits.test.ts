import { Plan } from '../../modules/plan/plan.entity';
import { UserType } from '../../modules/user/user.entity';
import { ABANDON_MNEMONIC, btcAccountKey } from '../../test/chain/keys';
import { startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { adjust, confirmedDeposit, PAST_TERM_SECONDS } from '../../test/settlement-fixtures';

/** Issue 36, deposit addresses and the settlement queue: every answer as documented. */
const { answers, missingSuccesses } = contractSuite('deposits');
const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  // Bitcoin's chain is on (its key and an Esplora URL nothing answers: no watcher runs here), so
  // bitcoin gets the investor's own address and the other coins the operator's shared ones. Review
  // mode: a matured deposit waits in the queue for an admin.
  t = await startTestApp(
    {
      CHAIN_BTC_ESPLORA_URL: 'http://127.0.0.1:9',
      CHAIN_BTC_XPUB: btcAccountKey(ABANDON_MNEMONIC, 'regtest'),
      CHAIN_BTC_NETWORK: 'regtest',
      SETTLEMENT_MODE: 'review',
    },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
});

describe('deposit addresses', () => {
  it("answers the investor's own address, the shared one, and a deposit intent with its quote", async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    const address = (crypto: string) => t.http.get(`/api/deposit-address?crypto=${crypto}`).set(bearer(investor.token));
    const own = await answers(address('bitcoin'), 200);
    expect(own.body.data).toMatchObject({ ownAddress: true, confirmations: 2 });
    const shared = await answers(address('ethereum'), 200);
    expect(shared.body.data).toMatchObject({ ownAddress: false, confirmations: null });
    await answers(address('dogecoin'), 422);
    await answers(t.http.get('/api/deposit-address?crypto=bitcoin'), 401);
    await answers(t.http.get('/api/deposit-address?crypto=bitcoin').set(bearer(admin.token)), 403);

    const gold = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' });
    const intent = (body: object) => t.http.post('/api/deposit-intent').set(bearer(investor.token)).send(body);
    const quoted = await answers(intent({ planId: gold.id, crypto: 'bitcoin', amount: '12000' }), 201);
    expect(quoted.body.data).toMatchObject({
      address: own.body.data.address,
      quote: { plan: 'Gold', amount: '12000.00' },
    });
    await answers(intent({ planId: gold.id, crypto: 'bitcoin', amount: '1' }), 422);
    await answers(
      t.http.post('/api/deposit-intent').send({ planId: gold.id, crypto: 'bitcoin', amount: '12000' }),
      401,
    );
  });
});

describe('settlements', () => {
  it('lists matured deposits as due and settles them, telling why the others were not', async () => {
    const confirmer = await t.createUser(UserType.ADMIN);
    const deposit = async () => {
      const { user } = await t.createUser(UserType.INVESTOR);
      return confirmedDeposit(t.services, confirmer.user.id, user.id, 'Starter', '1000', 'ethereum');
    };
    const due = await deposit();
    const held = await deposit();
    // An admin lowered the second account's investment meanwhile: its settlement is held.
    const [{ userId }] = await t.services.ds.query(`SELECT user_id AS "userId" FROM "transaction" WHERE id = $1`, [
      held,
    ]);
    await adjust(t.services.ds, userId, 'investment', '-500');
    clock.advanceSeconds(PAST_TERM_SECONDS);
    expect(await t.services.settlement.settleOne(due)).toBe('due');
    // Sessions last an hour: these are made after the term.
    const admin = await t.createUser(UserType.ADMIN);
    const { token: investorToken } = await t.createUser(UserType.INVESTOR);
    const queue = async () =>
      (await answers(t.http.get('/api/settlements/due?limit=100').set(bearer(admin.token)), 200)).body.data as {
        id: string;
      }[];
    expect((await queue()).find((d) => d.id === due)).toMatchObject({ settlementState: 'DUE' });
    await answers(t.http.get('/api/settlements/due').set(bearer(investorToken)), 403);
    await answers(t.http.get('/api/settlements/due'), 401);
    await answers(t.http.get('/api/settlements/due?page=x').set(bearer(admin.token)), 400);

    const unknown = randomUuid();
    const settled = await answers(
      t.http
        .post('/api/settlements')
        .set(bearer(admin.token))
        .send({ ids: [due, held, unknown] }),
      200,
    );
    const note = "The account's investment is lower than the deposit";
    expect(settled.body.data).toEqual([
      expect.objectContaining({ id: due, settled: true, reason: null }),
      expect.objectContaining({ id: held, settled: false, reason: note }),
      { id: unknown, settled: false, reason: 'Transaction not found', transaction: null },
    ]);
    expect((await queue()).find((d) => d.id === held)).toMatchObject({ settlementState: 'HELD', settlementNote: note });
    await answers(t.http.post('/api/settlements').set(bearer(admin.token)).send({ ids: [] }), 422);
    await answers(
      t.http
        .post('/api/settlements')
        .set(bearer(investorToken))
        .send({ ids: [due] }),
      403,
    );
  });
});

it('has called every deposit address and settlement operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
