import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { Plan } from '../plan/plan.entity';
import { TransactionEventKind } from '../../platform/timeline/transaction-event.entity';
import { UserType } from '../user/user.entity';
import { contentForEvent, plainText } from './notification-content';

// Issue 12: investors get a notification (and, unless they opt out, a mail) when their money
// moves or an admin writes to them; they only ever see and mark their own.

/** Real time, but never the same instant twice: "newest first" is decided, not left to ties. */
let last = 0;
const ticking = { now: () => new Date((last = Math.max(Date.now(), last + 1))) };

let smtp: SmtpSink;
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock: ticking });
  admin = await t.createUser(UserType.ADMIN);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const MARK = `mutation M($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }`;
const LIST = `query { notifications(pageSize: 50) { total items { id kind title body readAt } } unreadNotificationCount }`;

/** An admin's new message for `userId` (through REST, as the back office sends it). */
async function adminMessage(userId: string, fields: Record<string, string>) {
  const res = await t.http.put(`/api/user/${userId}`).set(bearer(admin.token)).send(fields);
  expect(res.status).toBe(200);
}

const list = (token: string, query = '') => t.http.get(`/api/notifications${query}`).set(bearer(token));
const mailRows = async (userId: string): Promise<string[]> =>
  (await t.services.ds.query(`SELECT kind FROM mail_outbox WHERE user_id = $1 ORDER BY created_at`, [userId])).map(
    (r: { kind: string }) => r.kind,
  );

/** A withdrawal row of `userId` and one recorded event about it (as the status service or a sweep records them). */
async function eventAbout(userId: string, kind: TransactionEventKind, extra: { reason?: string } = {}) {
  const [{ id }] = await t.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, 'WITHDRAWAL', 250.5, 'usdt') RETURNING id`,
    [userId],
  );
  await t.services.ds.transaction((m) =>
    t.services.events.record(m, [{ transactionId: id, userId, kind, actorId: null, reason: extra.reason ?? null }]),
  );
  return id as string;
}

describe('notifications are their owner’s only', () => {
  it('lists newest first with the unread count, and marks only the caller’s own', async () => {
    const owner = await t.createUser(UserType.INVESTOR);
    const other = await t.createUser(UserType.INVESTOR);
    for (const message of ['first', 'second', 'third']) await adminMessage(owner.user.id, { message });

    const page = await list(owner.token, '?page=1&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.body.data.map((n: { body: string }) => n.body)).toEqual(['third', 'second']);
    expect(page.body.data[0]).toMatchObject({ kind: 'ADMIN_MESSAGE', readAt: null, _id: page.body.data[0].id });
    const ids: string[] = (await list(owner.token)).body.data.map((n: { id: string }) => n.id);

    // Another investor sees none of them and cannot mark them, by id or with `all`.
    expect((await list(other.token)).body).toMatchObject({ data: [], meta: { total: 0, unread: 0 } });
    const rest = await t.http.post('/api/notifications/read').set(bearer(other.token)).send({ ids });
    expect(rest.body.data).toEqual({ changed: 0, unread: 0 });
    expect((await t.gql(MARK, { ids }, other.token)).body.data.markNotificationsRead).toBe(0);
    expect((await t.gql(MARK, { all: true }, other.token)).body.data.markNotificationsRead).toBe(0);
    expect((await list(owner.token)).body.meta.unread).toBe(3);

    // The owner marks one (once), then the rest.
    expect((await t.gql(MARK, { ids: [ids[0]] }, owner.token)).body.data.markNotificationsRead).toBe(1);
    expect((await t.gql(MARK, { ids: [ids[0]] }, owner.token)).body.data.markNotificationsRead).toBe(0);
    const all = await t.http.post('/api/notifications/read').set(bearer(owner.token)).send({ all: true });
    expect(all.body.data).toEqual({ changed: 2, unread: 0 });
    const mine = await t.gql(LIST, {}, owner.token);
    expect(mine.body.data.unreadNotificationCount).toBe(0);
    expect(mine.body.data.notifications.items.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
  });

  it('refuses guests and malformed bodies; ids that cannot exist change nothing', async () => {
    const owner = await t.createUser(UserType.INVESTOR);
    expect((await t.http.get('/api/notifications')).status).toBe(401);
    expect((await t.http.post('/api/notifications/read').send({ all: true })).status).toBe(401);
    expect((await t.gql(LIST)).status).toBe(401);
    const post = (body: unknown) =>
      t.http
        .post('/api/notifications/read')
        .set(bearer(owner.token))
        .send(body as object);
    for (const body of [{}, { ids: 'x' }, { ids: [1] }, { all: 'yes' }, { ids: Array(501).fill('a') }])
      expect({ body, status: (await post(body)).status }).toEqual({ body, status: 422 });
    expect((await post({ ids: ['not-a-uuid', '00000000-0000-0000-0000-000000000000'] })).body.data.changed).toBe(0);
  });
});

describe('what creates notifications', () => {
  it('turns decisions and settlements into notifications with the reason and the amounts', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const declined = await eventAbout(investor.user.id, TransactionEventKind.DECLINED, {
      reason: 'Address <unverified>',
    });
    await eventAbout(investor.user.id, TransactionEventKind.CONFIRMED);
    await eventAbout(investor.user.id, TransactionEventKind.REOPENED); // refreshes dashboards only
    const goldId = (await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' })).id;
    const made = await t.http
      .post('/api/transaction/create')
      .set(bearer(investor.token))
      .send({
        trxType: 'DEPOSIT',
        planId: goldId,
        crypto: 'ethereum',
        amount: '12500',
        transactionId: `settled-${Date.now()}`,
      });
    expect(made.status).toBe(201);
    await t.services.ds.transaction((m) =>
      t.services.events.record(m, [
        {
          transactionId: made.body.data.id,
          userId: investor.user.id,
          kind: TransactionEventKind.SETTLED,
          data: { profit: '6250.00000', principal: '12500' },
        },
      ]),
    );

    const items = (await list(investor.token)).body.data;
    expect(items.map((n: { kind: string }) => n.kind)).toEqual([
      'DEPOSIT_SETTLED',
      'WITHDRAWAL_CONFIRMED',
      'WITHDRAWAL_DECLINED',
    ]);
    expect(items[0].body).toBe(
      'Your deposit of $12,500.00 in Ethereum has completed its term: $6,250.00 profit and $12,500.00 principal were credited to your balance.',
    );
    expect(items[2]).toMatchObject({
      transactionId: declined,
      title: 'Withdrawal declined',
      body: 'Your withdrawal of $250.50 in USDT was declined. Reason: Address <unverified>',
    });
    // The mail says the same, escaped in HTML.
    const raw = await smtp.waitFor(investor.user.email, /(Withdrawal declined[\s\S]*)/);
    expect(raw).toContain('Reason: Address &#60;unverified&#62;');
    expect(raw).toContain('Turn them off in Settings');
  });

  it("turns an admin's new message or announcement into one (plain text), never an emptied one", async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    await adminMessage(investor.user.id, { announcement: '<p>Maintenance <b>tonight</b></p><p>22:00&nbsp;UTC</p>' });
    await adminMessage(investor.user.id, { message: '' });
    await adminMessage(investor.user.id, { message: 'Please upload a clearer proof' });
    await adminMessage(investor.user.id, { message: 'Please upload a clearer proof' }); // unchanged: nothing new
    const items = (await list(investor.token)).body.data;
    expect(items.map((n: { title: string; body: string }) => [n.title, n.body])).toEqual([
      ['New message from the team', 'Please upload a clearer proof'],
      ['New announcement', 'Maintenance tonight\n22:00 UTC'],
    ]);
    await smtp.waitFor(investor.user.email, /(Please upload a clearer proof)/);
  });
});

describe('the e-mail preference', () => {
  it('stops notification mails, never security mails, and can be turned back on', async () => {
    const investor = await t.createUser(UserType.INVESTOR);
    const off = await t.http.put('/api/user').set(bearer(investor.token)).send({ emailNotifications: false });
    expect(off.status).toBe(200);
    expect(off.body.data.emailNotifications).toBe(false);
    expect((await t.http.put('/api/user').set(bearer(investor.token)).send({ emailNotifications: 'no' })).status).toBe(
      422,
    );

    await adminMessage(investor.user.id, { message: 'Quiet please' });
    await eventAbout(investor.user.id, TransactionEventKind.CONFIRMED);
    expect((await list(investor.token)).body.meta.total).toBe(2); // still notified in the app
    const changed = await t.http
      .put('/api/user/password')
      .set(bearer(investor.token))
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'quiet-password-1' });
    expect(changed.status).toBe(200);
    await smtp.waitFor(investor.user.email, /(password was changed)/);
    expect(await mailRows(investor.user.id)).toEqual(['password_changed']);

    const token: string = changed.body.data.token;
    const on = await t.gql(`mutation { setEmailNotifications(enabled: true) { emailNotifications } }`, {}, token);
    expect(on.body.data.setEmailNotifications.emailNotifications).toBe(true);
    await adminMessage(investor.user.id, { message: 'Loud again' });
    await smtp.waitFor(investor.user.email, /(Loud again)/);
    expect(await mailRows(investor.user.id)).toEqual(['password_changed', 'notification']);
  });
});

describe('what notifications say (pure rules)', () => {
  it('credits only the profit when the plan keeps the principal', () => {
    const event = {
      id: '1',
      transactionId: 't',
      userId: 'u',
      kind: TransactionEventKind.SETTLED,
      actorId: null,
      reason: null,
      data: { profit: '125.5', principal: '0' },
      at: new Date(),
    };
    const trx = { id: 't', trxType: 'DEPOSIT', amount: '500.00', crypto: 'litecoin' };
    expect(contentForEvent(event, trx)?.body).toBe(
      'Your deposit of $500.00 in Litecoin has completed its term: $125.50 profit was credited to your balance.',
    );
    expect(contentForEvent({ ...event, kind: TransactionEventKind.SUBMITTED }, trx)).toBeNull();
  });

  it('drops tags and scripts, keeps paragraphs as lines, decodes entities', () => {
    expect(plainText('<h1>Hi</h1><script>x()</script><p>a&amp;b &lt;c&gt; &#8364;5</p><br>end')).toBe(
      'Hi\na&b <c> €5\nend',
    );
  });
});
