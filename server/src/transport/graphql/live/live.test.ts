import { Client as PgClient } from 'pg';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { Plan } from '../../../modules/plan/plan.entity';
import { TransactionEventKind } from '../../../platform/timeline/transaction-event.entity';
import { UserType } from '../../../modules/user/user.entity';
import { SUBSCRIPTIONS_OVER_WEBSOCKET } from './http-guard';
import { RESYNC } from '../../../platform/live/hub';
import { CLOSE_CODES } from './close-codes';
import { connectLive, listenForSockets, stream, until, within, type LiveClient } from '../../../test/live-test-client';
import { decodeUpdates } from '../../../platform/live/messages';
import { LIVE_CHANNEL } from '../../../platform/live/publish';

// Issue 12: investors see confirmations, declines and messages as they happen, on whichever
// instance their socket landed. Two instances share the test database; changes go through A,
// sockets are on B, and the only path between them is PostgreSQL LISTEN/NOTIFY.

jest.setTimeout(30_000);

const NOTIFICATION_ADDED = `subscription { notificationAdded { id kind title body transactionId readAt } }`;
const ACCOUNT_CHANGED = `subscription { accountChanged { reason transactionId } }`;

interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  transactionId: string | null;
  readAt: string | null;
}
interface AccountItem {
  reason: string;
  transactionId: string | null;
}

let smtp: SmtpSink;
let a: TestApp;
let b: TestApp;
let urlB: string;
let goldId: string;
let admin: { token: string };
const clients: LiveClient[] = [];
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  a = await startTestApp({ SMTP_URL: smtp.url });
  b = await startTestApp({ SMTP_URL: smtp.url });
  urlB = await listenForSockets(b.app.httpServer);
  admin = await a.createUser(UserType.ADMIN);
  goldId = (await a.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Gold' })).id;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await b.close(); // Apollo's stop closes the sockets and the LISTEN connection
  await new Promise((resolve) => b.app.httpServer.close(resolve));
  await a.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A connected socket on B for `token` (kept for cleanup). */
async function socketOnB(token?: string, params?: Record<string, unknown>): Promise<LiveClient> {
  const live = connectLive(urlB, token, params);
  clients.push(live);
  return live;
}

/** Subscribes both streams for `userId` on `live` and waits until B has them in place. */
async function subscribeBoth(live: LiveClient, userId: string, app: TestApp = b) {
  await within(live.connected, 5000, 'connection_init acknowledged');
  const notifications = stream<NotificationItem>(live, NOTIFICATION_ADDED, 'notificationAdded');
  const accounts = stream<AccountItem>(live, ACCOUNT_CHANGED, 'accountChanged');
  await until(
    () => app.app.live.hub.feedCount(userId),
    (n) => n === 2,
  );
  return { notifications, accounts };
}

/** A PENDING bitcoin deposit made by `token`'s investor through A. */
async function depositThroughA(token: string, amount = '12500'): Promise<string> {
  const res = await a.http
    .post('/api/transaction/create')
    .set(bearer(token))
    .send({
      trxType: 'DEPOSIT',
      planId: goldId,
      crypto: 'bitcoin',
      amount,
      transactionId: `live-${Date.now()}-${++seq}`,
    });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('live updates across instances (LISTEN/NOTIFY)', () => {
  it("delivers notificationAdded and accountChanged on B when an admin confirms the investor's deposit through A", async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const bystander = await a.createUser(UserType.INVESTOR);
    const id = await depositThroughA(investor.token);
    const mine = await subscribeBoth(await socketOnB(investor.token), investor.user.id);
    const theirs = await subscribeBoth(await socketOnB(bystander.token), bystander.user.id);

    const confirmed = await a.http.put(`/api/transaction/${id}`).set(bearer(admin.token)).send({ status: 'CONFIRMED' });
    expect(confirmed.status).toBe(200);

    const added = await mine.notifications.next();
    expect(added).toMatchObject({
      kind: 'DEPOSIT_CONFIRMED',
      title: 'Deposit confirmed',
      transactionId: id,
      readAt: null,
    });
    expect(added.body).toContain('Your deposit of $12,500.00 in Bitcoin was confirmed.');
    expect(await mine.accounts.next((c) => c.reason === 'CONFIRMED')).toEqual({
      reason: 'CONFIRMED',
      transactionId: id,
    });
    // The row B read is the one A wrote; the mail went out with it.
    const [row] = await a.services.ds.query(`SELECT user_id FROM notification WHERE id = $1`, [added.id]);
    expect(row.user_id).toBe(investor.user.id);
    await smtp.waitFor(investor.user.email, /(Deposit confirmed)/);
    // Same payload, same dispatch: had it been meant for the bystander, it would be there by now.
    expect([theirs.notifications.items, theirs.accounts.items, mine.notifications.errors]).toEqual([[], [], []]);
  });

  it("delivers an admin's message through A as notificationAdded on B, to that investor only", async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const bystander = await a.createUser(UserType.INVESTOR);
    const mine = await subscribeBoth(await socketOnB(investor.token), investor.user.id);
    const theirs = await subscribeBoth(await socketOnB(bystander.token), bystander.user.id);

    const sent = await a.gql(
      `mutation U($id: ID!) { updateUser(userId: $id, input: { message: "Your documents are approved" }) { id } }`,
      { id: investor.user.id },
      admin.token,
    );
    expect(sent.body.errors).toBeUndefined();

    expect(await mine.notifications.next()).toMatchObject({
      kind: 'ADMIN_MESSAGE',
      title: 'New message from the team',
      body: 'Your documents are approved',
      transactionId: null,
      readAt: null,
    });
    expect([theirs.notifications.items, mine.notifications.errors]).toEqual([[], []]);
  });

  it('publishes nothing for a change that rolls back (NOTIFY goes out at commit)', async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const id = await depositThroughA(investor.token);
    const { notifications, accounts } = await subscribeBoth(await socketOnB(investor.token), investor.user.id);

    const recordThenFail = a.services.ds.transaction(async (m) => {
      await a.services.events.record(m, [
        { transactionId: id, userId: investor.user.id, kind: TransactionEventKind.CONFIRMED, actorId: null },
      ]);
      throw new Error('the change fails after its events were recorded');
    });
    await expect(recordThenFail).rejects.toThrow('the change fails');
    // A committed change afterwards is the marker: NOTIFYs arrive in commit order, so anything the
    // rolled-back one had sent would be there before it.
    const adjusted = await a.http
      .put(`/api/account/${investor.user.id}`)
      .set(bearer(admin.token))
      .send({ balance: '75' });
    expect(adjusted.status).toBe(200);
    await accounts.next((c) => c.reason === 'ADMIN_ADJUSTMENT');
    expect(accounts.items).toEqual([{ reason: 'ADMIN_ADJUSTMENT', transactionId: null }]);
    expect(notifications.items).toEqual([]);
    const [{ n }] = await a.services.ds.query(`SELECT count(*)::int AS n FROM notification WHERE transaction_id = $1`, [
      id,
    ]);
    expect(n).toBe(0);
  });

  it('closes the socket on B when the password changes through A (4401), and accepts the new token', async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const old = await socketOnB(investor.token);
    await subscribeBoth(old, investor.user.id);

    const changed = await a.http
      .put('/api/user/password')
      .set(bearer(investor.token))
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'another-password-9' });
    expect(changed.status).toBe(200);

    const closed = await within(old.closed, 5000, 'revoked socket closed');
    expect(closed).toEqual({ code: CLOSE_CODES.UNAUTHORIZED, reason: expect.stringContaining('session ended') });
    const fresh = await socketOnB(changed.body.data.token);
    await within(fresh.connected, 5000, 'new token accepted');
  });

  it('refuses a socket without a token, with a bad token, and one that sends a query instead of a subscription', async () => {
    const guest = await socketOnB();
    expect(await within(guest.closed, 5000, 'guest refused')).toMatchObject({ code: CLOSE_CODES.UNAUTHORIZED });
    const forged = await socketOnB('not-a-jwt');
    expect(await within(forged.closed, 5000, 'bad token refused')).toMatchObject({ code: CLOSE_CODES.UNAUTHORIZED });

    const investor = await a.createUser(UserType.INVESTOR);
    const live = await socketOnB(investor.token);
    await within(live.connected, 5000, 'connected');
    const query = stream(live, '{ me { id email } }', 'me');
    await until(
      () => query.errors.length,
      (n) => n > 0,
    );
    expect(JSON.stringify(query.errors)).toContain('Only subscriptions are served over WebSocket');
    expect(query.items).toEqual([]);
    // And a subscription sent over HTTP is a client error, never a hanging or failed request.
    const overHttp = await b.gql(ACCOUNT_CHANGED, {}, investor.token);
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.errors[0]).toMatchObject({
      message: SUBSCRIPTIONS_OVER_WEBSOCKET,
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('closes the socket when its token expires (4401)', async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const ttl = b.services.config.jwtTtlMinutes * 60;
    // A legitimate token issued almost a full lifetime ago: two seconds left.
    const token = await new SignJWT({ role: 'investor', tv: investor.user.tokensValidAfter.getTime() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(investor.user.id)
      .setIssuer('cryptovest')
      .setIssuedAt(now - ttl + 2)
      .setExpirationTime(now + 2)
      .sign(new TextEncoder().encode(b.services.config.jwtSecret));
    const live = await socketOnB(token);
    await within(live.connected, 5000, 'connected');
    expect(await within(live.closed, 6000, 'expired socket closed')).toEqual({
      code: CLOSE_CODES.UNAUTHORIZED,
      reason: expect.stringContaining('token expired'),
    });
  });

  it('packs a sweep of hundreds of events into a few NOTIFY payloads, each update exactly once', async () => {
    const watcher = new PgClient({ connectionString: (a.services.ds.options as { url: string }).url });
    await watcher.connect();
    const payloads: string[] = [];
    watcher.on('notification', (msg) => payloads.push(msg.payload ?? ''));
    await watcher.query(`LISTEN ${LIVE_CHANNEL}`);
    try {
      const many = await Promise.all(Array.from({ length: 60 }, () => a.createUser(UserType.INVESTOR)));
      const one = many[0].user.id;
      // 60 investors with one withdrawal each, and 240 more for the first one: 300 events.
      const owners = [...many.map((u) => u.user.id), ...Array.from({ length: 240 }, () => one)];
      const txIds: string[] = (
        await a.services.ds.query(
          `INSERT INTO "transaction" (user_id, trx_type, amount, crypto)
           SELECT u, 'WITHDRAWAL', 10, 'bitcoin' FROM unnest($1::uuid[]) AS u RETURNING id`,
          [owners],
        )
      ).map((r: { id: string }) => r.id);
      const ownerOf = new Map<string, string>(
        (await a.services.ds.query(`SELECT id, user_id FROM "transaction" WHERE id = ANY($1::uuid[])`, [txIds])).map(
          (r: { id: string; user_id: string }) => [r.id, r.user_id],
        ),
      );
      await a.services.ds.transaction((m) =>
        a.services.events.record(
          m,
          txIds.map((transactionId) => ({
            transactionId,
            userId: ownerOf.get(transactionId)!,
            kind: TransactionEventKind.CONFIRMED,
          })),
        ),
      );
      const users = new Set(owners);
      const ours = () =>
        payloads.filter((p) => decodeUpdates(p).some((u) => users.has(u.userId))).flatMap((p) => decodeUpdates(p));
      await until(ours, (u) => u.filter((x) => x.type === 'account').length >= 300);
      const mine = payloads.filter((p) => decodeUpdates(p).some((u) => users.has(u.userId)));
      expect(mine.length).toBeLessThanOrEqual(12); // hundreds of events, a handful of payloads
      for (const p of mine) expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const updates = ours();
      const changes = updates
        .filter((u) => u.type === 'account')
        .map((u) => (u as { transactionId: string }).transactionId);
      expect(changes.sort()).toEqual([...txIds].sort());
      const added = updates.filter((u) => u.type === 'notification').map((u) => (u as { id: string }).id);
      const [{ n }] = await a.services.ds.query(
        `SELECT count(*)::int AS n FROM notification WHERE transaction_id = ANY($1::uuid[]) AND kind = 'WITHDRAWAL_CONFIRMED'`,
        [txIds],
      );
      expect([added.length, new Set(added).size]).toEqual([n, n]);
      expect(n).toBe(300);
    } finally {
      await watcher.end();
    }
  });
});

describe('one instance losing its LISTEN connection, then draining', () => {
  let c: TestApp;
  let urlC: string;
  beforeAll(async () => {
    c = await startTestApp({ SMTP_URL: smtp.url });
    urlC = await listenForSockets(c.app.httpServer);
  });
  afterAll(async () => {
    await c.close();
    await new Promise((resolve) => c.app.httpServer.close(resolve));
  });

  it('reconnects, tells subscribers to resync, and keeps delivering', async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const live = connectLive(urlC, investor.token);
    clients.push(live);
    const { accounts } = await subscribeBoth(live, investor.user.id, c);
    const pid = c.app.live.listener.backendPid;
    expect(pid).toEqual(expect.any(Number));

    await a.services.ds.query(`SELECT pg_terminate_backend($1)`, [pid]);
    await accounts.next((x) => x.reason === RESYNC, 10_000);
    expect(c.app.live.listener.backendPid).not.toBe(pid);
    await a.http.put(`/api/account/${investor.user.id}`).set(bearer(admin.token)).send({ balance: '12' });
    await accounts.next((x) => x.reason === 'ADMIN_ADJUSTMENT');
  });

  it('closes every socket with 1012 when the instance drains, and refuses new ones', async () => {
    const investor = await a.createUser(UserType.INVESTOR);
    const live = connectLive(urlC, investor.token);
    clients.push(live);
    await within(live.connected, 5000, 'connected');

    await c.app.live.drain();
    expect(await within(live.closed, 5000, 'drained')).toEqual({
      code: CLOSE_CODES.SERVICE_RESTART,
      reason: expect.stringContaining('reconnect'),
    });
    const late = connectLive(urlC, investor.token);
    clients.push(late);
    expect((await within(late.closed, 5000, 'refused while draining')).code).not.toBe(CLOSE_CODES.UNAUTHORIZED);
    expect(c.app.live.hub.sessionCount()).toBe(0);
  });
});
