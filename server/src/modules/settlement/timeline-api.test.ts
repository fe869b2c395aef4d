import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { UserType } from '../user/user.entity';
import { makeDeposit, PAST_TERM_SECONDS } from '../../test/settlement-fixtures';

// The investor's view of a deposit's life (issue 12): transaction(id) and GET /api/transaction/{id}
// with the timeline and the admin's reasons (own only for investors), runningDeposits and
// GET /api/transaction/running with the maturity, and the new fields on every transaction.

let db: ScratchDatabase;
let t: TestApp;
const clock = new ManualClock();
let admin: { user: { id: string }; token: string };
let owner: { user: { id: string }; token: string };
let stranger: { user: { id: string }; token: string };
let depositId: string;
beforeAll(async () => {
  db = await createScratchDatabase();
  t = await startTestApp({}, { clock, databaseUrl: db.url });
  admin = await t.createUser(UserType.ADMIN, { fullName: 'Ada Admin' });
  owner = await t.createUser();
  stranger = await t.createUser();
  depositId = await makeDeposit(t.services, owner.user.id, 'Starter', '150.55');
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SET = `mutation S($id: ID!, $status: TrxStatus!, $reason: String) {
  setTransactionStatus(id: $id, status: $status, reason: $reason) { id status confirmedAt maturesAt } }`;
const ONE = `query T($id: ID!) { transaction(id: $id) {
  id status durationHours returnsPrincipal confirmedAt maturesAt settledAt settlementState settlementNote
  events { kind at reason actorName data { maturesAt profit principal } } } }`;

describe('the timeline', () => {
  it('shows every step with the admin reason, to the owner and admins; others get NOT_FOUND', async () => {
    const declined = await t.gql(
      SET,
      { id: depositId, status: 'DECLINED', reason: '  The proof image is unreadable  ' },
      admin.token,
    );
    expect(declined.body.data.setTransactionStatus).toMatchObject({ status: 'DECLINED', maturesAt: null });
    const confirmed = await t.http
      .put(`/api/transaction/${depositId}`)
      .set(bearer(admin.token))
      .send({ status: 'CONFIRMED', reason: 'New proof received' });
    expect(confirmed.status).toBe(200);
    const confirmedAt = clock.now();
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleDue();

    const mine = await t.gql(ONE, { id: depositId }, owner.token);
    const tx = mine.body.data.transaction;
    expect(tx).toMatchObject({
      status: 'CONFIRMED',
      durationHours: 24,
      returnsPrincipal: true,
      confirmedAt: confirmedAt.toISOString(),
      maturesAt: new Date(confirmedAt.getTime() + 24 * 3600 * 1000).toISOString(),
      settlementState: 'SETTLED',
      settlementNote: null,
    });
    expect(tx.settledAt).toBe(clock.now().toISOString());
    expect(tx.events.map((e: { kind: string; reason: string | null }) => [e.kind, e.reason])).toEqual([
      ['SUBMITTED', null],
      ['DECLINED', 'The proof image is unreadable'],
      ['CONFIRMED', 'New proof received'],
      ['SETTLED', null],
    ]);
    expect(tx.events[2].data).toEqual({ maturesAt: tx.maturesAt, profit: null, principal: null });
    expect(tx.events[3].data).toEqual({ maturesAt: null, profit: '15.05500', principal: '150.55000' });
    expect(tx.events.every((e: { actorName: string | null }) => e.actorName === null)).toBe(true); // investors never see who

    const asAdmin = await t.gql(ONE, { id: depositId }, admin.token);
    expect(asAdmin.body.data.transaction.events.map((e: { actorName: string | null }) => e.actorName)).toEqual([
      'Test Person',
      'Ada Admin',
      'Ada Admin',
      null, // the system settled it
    ]);

    const rest = await t.http.get(`/api/transaction/${depositId}`).set(bearer(owner.token));
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({
      _id: depositId,
      amount: 150.55,
      settlementState: 'SETTLED',
      durationHours: 24,
      returnsPrincipal: true,
    });
    expect(rest.body.data.events.map((e: { kind: string; reason: string | null }) => [e.kind, e.reason])).toEqual([
      ['SUBMITTED', null],
      ['DECLINED', 'The proof image is unreadable'],
      ['CONFIRMED', 'New proof received'],
      ['SETTLED', null],
    ]);
    expect(rest.body.data.events[0]).not.toHaveProperty('actorName');
    expect(rest.body.data.events[3].data).toEqual({ profit: '15.05500', principal: '150.55000' });
    const restAdmin = await t.http.get(`/api/transaction/${depositId}`).set(bearer(admin.token));
    expect(restAdmin.body.data.events[1]).toMatchObject({ kind: 'DECLINED', actorName: 'Ada Admin' });

    // Someone else's transaction, or none at all: the same NOT_FOUND.
    const theirs = await t.gql(ONE, { id: depositId }, stranger.token);
    expect(theirs.body.errors[0].extensions.code).toBe('NOT_FOUND');
    for (const path of [depositId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.http.get(`/api/transaction/${path}`).set(bearer(stranger.token));
      expect(res.status).toBe(404);
    }
    expect((await t.http.get(`/api/transaction/${depositId}`)).status).toBe(401);
  });

  it('keeps the REST route table: PUT /transaction/{id} stays admin-only; /all and /transactions are not taken for ids', async () => {
    expect(
      (await t.http.put(`/api/transaction/${depositId}`).set(bearer(owner.token)).send({ status: 'DECLINED' })).status,
    ).toBe(403);
    const all = await t.http.get('/api/transaction/all').set(bearer(owner.token));
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: { _id: string }) => x._id)).toContain(depositId);
    expect(all.body.data[0]).toHaveProperty('settlementState');
    const list = await t.http.get('/api/transaction/transactions').set(bearer(admin.token));
    expect(list.status).toBe(200);
    expect((await t.http.get('/api/transaction/transactions').set(bearer(owner.token))).status).toBe(403);
  });

  it('refuses a reason over 500 characters and changes nothing', async () => {
    const id = await makeDeposit(t.services, owner.user.id, 'Starter', '300');
    const res = await t.http
      .put(`/api/transaction/${id}`)
      .set(bearer(admin.token))
      .send({ status: 'DECLINED', reason: 'x'.repeat(501) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'reason' });
    const gql = await t.gql(SET, { id, status: 'DECLINED', reason: 'y'.repeat(501) }, admin.token);
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const [{ status }] = await t.services.ds.query(`SELECT status FROM "transaction" WHERE id = $1`, [id]);
    expect(status).toBe('PENDING');
  });
});

describe('running deposits', () => {
  it("lists the caller's confirmed, unsettled deposits, soonest maturity first, on both transports", async () => {
    const investor = await t.createUser();
    const later = await makeDeposit(t.services, investor.user.id, 'Premium', '5000');
    const sooner = await makeDeposit(t.services, investor.user.id, 'Starter', '200');
    const pending = await makeDeposit(t.services, investor.user.id, 'Starter', '300');
    await t.gql(SET, { id: sooner, status: 'CONFIRMED' }, admin.token);
    clock.advanceSeconds(60);
    await t.gql(SET, { id: later, status: 'CONFIRMED' }, admin.token);
    const res = await t.gql(`{ runningDeposits { id maturesAt settlementState } }`, {}, investor.token);
    expect(res.body.data.runningDeposits.map((d: { id: string }) => d.id)).toEqual([sooner, later]);
    expect(res.body.data.runningDeposits[0].maturesAt).toBeTruthy();
    const rest = await t.http.get('/api/transaction/running').set(bearer(investor.token));
    expect(rest.body.data.map((d: { _id: string }) => d._id)).toEqual([sooner, later]);
    expect(rest.body.data.map((d: { _id: string }) => d._id)).not.toContain(pending);
    // Settled ones leave the list.
    clock.advanceSeconds(PAST_TERM_SECONDS);
    await t.services.settlement.settleOne(sooner);
    const after = await t.http.get('/api/transaction/running').set(bearer(investor.token));
    expect(after.body.data.map((d: { _id: string }) => d._id)).toEqual([later]);
    expect((await t.http.get('/api/transaction/running').set(bearer(admin.token))).status).toBe(403);
  });
});
