import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { TransactionEventKind } from '../../platform/timeline/transaction-event.entity';
import { Plan } from '../plan/plan.entity';
import { UserType } from '../user/user.entity';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from './retry-schedule';
import { KEPT_PER_ENDPOINT } from './webhook-deliveries';

// Issue 36: events reach a real receiver signed per Standard Webhooks, retried on the schedule
// (the test moves the clock and runs the attempt, never sleeps), time out, never follow redirects,
// never reach an internal address however the name resolves, go only where their owner rule says,
// and an endpoint failing for 5 days is turned off and its owner mailed.

jest.setTimeout(60_000);

const clock = new ManualClock();
let scratch: ScratchDatabase;
let smtp: SmtpSink;
/** Private targets and http allowed (the receiver is on 127.0.0.1); attempts time out after 300 ms. */
let t: TestApp;
/** http allowed, private targets refused (production's address rule); names resolve through `rebinding`. */
let strict: TestApp;

/** A name that resolves to a public address the first time and to 127.0.0.1 afterwards (DNS rebinding). */
const lookups = new Map<string, number>();
const rebinding = async (host: string): Promise<LookupAddress[]> => {
  const n = (lookups.get(host) ?? 0) + 1;
  lookups.set(host, n);
  if (host.endsWith('.rebind.test')) return [{ address: n === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  [scratch, smtp] = await Promise.all([createScratchDatabase(), startSmtpSink()]);
  const databaseUrl = scratch.url;
  t = await startTestApp(
    {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Short enough for the hanging receiver, long enough that a loaded CI machine never times out a
      // receiver that answers at once (the pruning test sends 106 deliveries, 8 at a time).
      WEBHOOK_TIMEOUT_MS: '1500',
      SMTP_URL: smtp.url,
    },
    { clock, databaseUrl },
  );
  strict = await startTestApp(
    { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_TIMEOUT_MS: '300' },
    { clock, databaseUrl, tuning: { webhookResolver: rebinding } },
  );
});
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all([t.services.background.idle(), strict.services.background.idle()]);
  while (receivers.length) await receivers.pop()!.close();
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  await Promise.all([scratch?.drop(), smtp?.close()]);
});

async function receiver(fallback?: Parameters<typeof startWebhookReceiver>[0]) {
  const r = await startWebhookReceiver(fallback);
  receivers.push(r);
  return r;
}

interface Made {
  id: string;
  secret: string;
}

/** An endpoint made through GraphQL (`app` decides which URL rules apply). */
async function endpoint(
  app: TestApp,
  token: string,
  url: string,
  events: string[] = ['deposit.created', 'deposit.confirmed'],
  scope: 'OWN' | 'ALL' = 'OWN',
): Promise<Made> {
  const res = await app.gql(
    `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } secret } }`,
    { input: { url, events, scope } },
    token,
  );
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  const made = res.body.data.createWebhookEndpoint;
  return { id: made.endpoint.id, secret: made.secret };
}

/** A deposit of `userId` and one recorded step of it, through `app` (whose listener and in-process attempts run). */
async function eventAbout(app: TestApp, userId: string, kind = TransactionEventKind.SUBMITTED, trxType = 'DEPOSIT') {
  const [{ id }] = await app.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, $2, 150.5, 'bitcoin') RETURNING id`,
    [userId, trxType],
  );
  await app.services.ds.transaction((m) => app.services.events.record(m, [{ transactionId: id, userId, kind }]));
  await app.services.background.idle(); // the in-process attempt, after the commit
  return id as string;
}

interface DeliveryRow {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  response_status: number | null;
  last_error: string | null;
  job_id: string;
}
const deliveriesOf = (endpointId: string): Promise<DeliveryRow[]> =>
  t.services.ds.query(`SELECT * FROM webhook_delivery WHERE endpoint_id = $1 ORDER BY created_at, id`, [endpointId]);

/** The signatures a request carries that `secret` made (the library's own signer; its verify also checks the wall clock, which tests move). */
function signedWith(secret: string, q: { headers: Record<string, unknown>; body: string }): boolean {
  const at = new Date(Number(q.headers['webhook-timestamp']) * 1000);
  const expected = new Webhook(secret).sign(String(q.headers['webhook-id']), at, q.body);
  return String(q.headers['webhook-signature']).split(' ').includes(expected);
}

const LOG = `query L($id: ID!) { webhookDeliveries(endpointId: $id) {
  id eventType status attempts createdAt lastAttemptAt nextAttemptAt deliveredAt responseStatus lastError } }`;

describe('delivery', () => {
  it('POSTs the event signed per Standard Webhooks, as JSON, with the transaction as the API shows it', async () => {
    const r = await receiver();
    const investor = await t.createUser(UserType.INVESTOR);
    const admin = await t.createUser(UserType.ADMIN);
    const hook = await endpoint(t, investor.token, r.url);
    const starter = await t.services.ds.getRepository(Plan).findOneByOrFail({ name: 'Starter' });
    const made = await t.gql(
      `mutation D($input: DepositInput!) { createDeposit(input: $input) { id } }`,
      {
        input: { planId: starter.id, crypto: 'bitcoin', amount: '200', transactionId: randomBytes(32).toString('hex') },
      },
      investor.token,
    );
    const depositId = made.body.data.createDeposit.id;
    await t.services.background.idle();
    expect(r.received).toHaveLength(1);
    const [created] = r.received;
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.headers['user-agent']).toMatch(/^CryptoVest-Webhooks\//);
    expect(created.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(created.headers['webhook-timestamp'])).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(created.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(hook.secret).verify(created.body, created.headers as Record<string, string>);
    expect(payload).toEqual({
      type: 'deposit.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        transaction: expect.objectContaining({
          id: depositId,
          userId: investor.user.id,
          trxType: 'DEPOSIT',
          status: 'PENDING',
          amount: '200.00',
          crypto: 'bitcoin',
          plan: 'Starter',
          origin: 'INVESTOR',
          confirmedAt: null,
        }),
      },
    });
    expect(Object.keys(JSON.parse(created.body))).toEqual(['type', 'timestamp', 'data']);
    expect(() =>
      new Webhook(hook.secret).verify(created.body.replace('200.00', '900.00'), created.headers as never),
    ).toThrow();

    // The admin confirms it (a second later): deposit.confirmed, the transaction as it is after the change.
    clock.advanceSeconds(1);
    const confirmed = await t.gql(
      `mutation S($id: ID!) { setTransactionStatus(id: $id, status: CONFIRMED) { id } }`,
      { id: depositId },
      admin.token,
    );
    expect(confirmed.body.errors).toBeUndefined();
    await t.services.background.idle();
    expect(r.received).toHaveLength(2);
    const second = new Webhook(hook.secret).verify(r.received[1].body, r.received[1].headers as never) as {
      type: string;
      data: { transaction: { status: string; confirmedAt: string; maturesAt: string } };
    };
    expect(second.type).toBe('deposit.confirmed');
    expect(second.data.transaction).toMatchObject({ status: 'CONFIRMED', confirmedAt: expect.any(String) });
    expect(r.received[1].headers['webhook-id']).not.toBe(created.headers['webhook-id']);

    // The owner's log: both delivered at the first attempt, with the answer's status.
    const log = (await t.gql(LOG, { id: hook.id }, investor.token)).body.data.webhookDeliveries;
    expect(log).toEqual([
      expect.objectContaining({
        eventType: 'deposit.confirmed',
        status: 'DELIVERED',
        attempts: 1,
        responseStatus: 204,
      }),
      expect.objectContaining({
        id: created.headers['webhook-id'],
        eventType: 'deposit.created',
        status: 'DELIVERED',
        attempts: 1,
        responseStatus: 204,
        lastError: null,
      }),
    ]);
  });

  it('retries a failing receiver on the schedule with the same webhook-id until it answers 2xx', async () => {
    const r = await receiver();
    r.answer(500, 503);
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    await eventAbout(t, investor.user.id);
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, response_status: 500, last_error: 'HTTP 500' });
    expect(new Date(row.next_attempt_at!).getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_SECONDS[0] * 1000);
    // The next attempt is a pg-boss job that waits the retry delay (in the database's time).
    const [job] = await t.services.ds.query(
      `SELECT state, extract(epoch FROM start_after - created_on)::int AS wait FROM ${JOB_SCHEMA}.job WHERE id = $1`,
      [row.job_id],
    );
    expect(job).toEqual({ state: 'created', wait: RETRY_DELAYS_SECONDS[0] });

    // Not yet due: the job (or anyone) running early changes nothing.
    expect(await t.services.webhookDeliveries.deliver(row.id)).toBe('not_due');
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[0]);
    expect(await t.services.webhookDeliveries.deliver(row.id)).toBe('retry');
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, response_status: 503 });
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[1]);
    expect(await t.services.webhookDeliveries.deliver(row.id)).toBe('delivered');
    expect(await t.services.webhookDeliveries.deliver(row.id)).toBe('delivered'); // once only

    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((q) => q.headers['webhook-id']))).toEqual(new Set([row.id]));
    expect(new Set(r.received.map((q) => q.body)).size).toBe(1);
    // Each attempt is signed for its own time.
    expect(r.received.map((q) => q.headers['webhook-timestamp'])).toEqual([
      String(Math.floor(clock.now().getTime() / 1000) - RETRY_DELAYS_SECONDS[0] - RETRY_DELAYS_SECONDS[1]),
      String(Math.floor(clock.now().getTime() / 1000) - RETRY_DELAYS_SECONDS[1]),
      String(Math.floor(clock.now().getTime() / 1000)),
    ]);
    for (const q of r.received) expect(signedWith(hook.secret, q)).toBe(true);
    const [log] = (await t.gql(LOG, { id: hook.id }, investor.token)).body.data.webhookDeliveries;
    expect(log).toMatchObject({ status: 'DELIVERED', attempts: 3, responseStatus: 204, lastError: null });
    const [ep] = await t.services.ds.query(`SELECT failing_since FROM webhook_endpoint WHERE id = $1`, [hook.id]);
    expect(ep.failing_since).toBeNull(); // a success clears it
  });

  it('gives up after the last attempt of about 3 days; the owner can redeliver it with the same id', async () => {
    const r = await receiver(500);
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    await eventAbout(t, investor.user.id);
    const [{ id }] = await deliveriesOf(hook.id);
    for (const wait of RETRY_DELAYS_SECONDS) {
      clock.advanceSeconds(wait);
      await t.services.webhookDeliveries.deliver(id);
    }
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(70);
    expect(total / 3600).toBeLessThan(74);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(r.received).toHaveLength(MAX_ATTEMPTS);

    r.answer(200);
    const again = await t.gql(
      `mutation X($id: ID!) { redeliverWebhook(deliveryId: $id) { id status } }`,
      { id },
      investor.token,
    );
    expect(again.body.data.redeliverWebhook).toEqual({ id, status: 'QUEUED' });
    await t.services.background.idle();
    expect(r.received).toHaveLength(MAX_ATTEMPTS + 1);
    expect(r.received.at(-1)!.headers['webhook-id']).toBe(id);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: MAX_ATTEMPTS + 1 });
  });

  it('counts a receiver that hangs, a redirect and a refused connection as failed attempts', async () => {
    const r = await receiver();
    r.answer('hang', { redirect: `${r.url}/moved` });
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    await eventAbout(t, investor.user.id);
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({
      status: 'queued',
      response_status: null,
      last_error: 'ETIMEDOUT: no answer within 1500 ms',
    });
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[0]);
    await t.services.webhookDeliveries.deliver(row.id);
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ response_status: 302, last_error: 'HTTP 302: redirects are not followed' });
    expect(r.received.map((q) => q.path)).toEqual(['/hook', '/hook']); // never /hook/moved
    await r.close();
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[1]);
    await t.services.webhookDeliveries.deliver(row.id);
    [row] = await deliveriesOf(hook.id);
    expect(row.last_error).toMatch(/^ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(row.attempts).toBe(3);
  });

  it('keeps only the newest deliveries of an endpoint', async () => {
    const r = await receiver();
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    const transactionId = await eventAbout(t, investor.user.id);
    const events = Array.from({ length: KEPT_PER_ENDPOINT + 5 }, () => ({
      transactionId,
      userId: investor.user.id,
      kind: TransactionEventKind.CONFIRMED,
    }));
    await t.services.ds.transaction((m) => t.services.events.record(m, events));
    await t.services.background.idle();
    expect(r.received).toHaveLength(KEPT_PER_ENDPOINT + 6);
    // Each delivery prunes as it finishes; the next one sees all of these finished.
    await eventAbout(t, investor.user.id);
    expect(await deliveriesOf(hook.id)).toHaveLength(KEPT_PER_ENDPOINT);
    const log = (await t.gql(LOG, { id: hook.id }, investor.token)).body.data.webhookDeliveries;
    expect(log).toHaveLength(50);
  });
});

describe('the address rule at every delivery', () => {
  it('refuses a name that resolves to 127.0.0.1 by the time of delivery (DNS rebinding), and an IP literal', async () => {
    const r = await receiver();
    const investor = await strict.createUser(UserType.INVESTOR);
    // Public when it was made (the rebinding resolver's first answer), loopback when delivered.
    const rebound = await endpoint(strict, investor.token, `http://hook.rebind.test:${r.port}/hook`);
    await eventAbout(strict, investor.user.id);
    const [row] = await deliveriesOf(rebound.id);
    expect(row).toMatchObject({
      status: 'queued',
      response_status: null,
      last_error: 'WEBHOOK_TARGET_REFUSED: hook.rebind.test resolves to 127.0.0.1, a loopback address',
    });
    // Endpoints made where private targets were allowed are refused where they are not.
    const other = await t.createUser(UserType.INVESTOR);
    const named = await endpoint(t, other.token, `http://localhost:${r.port}/hook`);
    const literal = await endpoint(t, other.token, r.url);
    await eventAbout(strict, other.user.id);
    expect((await deliveriesOf(named.id))[0].last_error).toBe(
      'WEBHOOK_TARGET_REFUSED: localhost resolves to 127.0.0.1, a loopback address',
    );
    expect((await deliveriesOf(literal.id))[0].last_error).toBe(
      'WEBHOOK_TARGET_REFUSED: 127.0.0.1 is a loopback address',
    );
    expect(r.received).toEqual([]);

    // The same deliveries from an instance that allows private targets do reach the receiver.
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[0]);
    for (const { id } of [...(await deliveriesOf(named.id)), ...(await deliveriesOf(literal.id))])
      expect(await t.services.webhookDeliveries.deliver(id)).toBe('delivered');
    expect(r.received).toHaveLength(2);
  });
});

describe('who receives what', () => {
  it("sends investors their own events only, and an admin's ALL endpoint everyone's", async () => {
    const r = await receiver();
    const [a, b, admin] = [
      await t.createUser(UserType.INVESTOR),
      await t.createUser(UserType.INVESTOR),
      await t.createUser(UserType.ADMIN),
    ];
    const events = ['deposit.created', 'withdrawal.requested'];
    await endpoint(t, a.token, `${r.url}?to=a`, events);
    await endpoint(t, b.token, `${r.url}?to=b`, events);
    await endpoint(t, admin.token, `${r.url}?to=admin-all`, events, 'ALL');
    await endpoint(t, admin.token, `${r.url}?to=admin-own`, events);
    await endpoint(t, a.token, `${r.url}?to=a-confirmations`, ['deposit.confirmed']);
    // One batch with both investors' steps (as a settlement sweep records many accounts at once).
    const [{ id: deposit }] = await t.services.ds.query(
      `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, 'DEPOSIT', 150, 'usdt') RETURNING id`,
      [a.user.id],
    );
    const [{ id: withdrawal }] = await t.services.ds.query(
      `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, 'WITHDRAWAL', 20, 'usdt') RETURNING id`,
      [b.user.id],
    );
    await t.services.ds.transaction((m) =>
      t.services.events.record(m, [
        { transactionId: deposit, userId: a.user.id, kind: TransactionEventKind.SUBMITTED },
        { transactionId: withdrawal, userId: b.user.id, kind: TransactionEventKind.SUBMITTED },
      ]),
    );
    await t.services.background.idle();
    const got = () =>
      r.received.map((q) => `${new URL(q.path, 'http://x').searchParams.get('to')} ${JSON.parse(q.body).type}`).sort();
    expect(got()).toEqual([
      'a deposit.created',
      'admin-all deposit.created',
      'admin-all withdrawal.requested',
      'b withdrawal.requested',
    ]);
    // An ALL endpoint whose owner is no longer an administrator receives nothing more.
    await t.services.ds.query(`UPDATE app_user SET type = $2 WHERE id = $1`, [admin.user.id, UserType.INVESTOR]);
    await eventAbout(t, b.user.id, TransactionEventKind.SUBMITTED, 'WITHDRAWAL');
    expect(got().filter((g) => g.startsWith('admin'))).toHaveLength(2);
  });

  it('maps each timeline step to its event, and sends nothing for steps that are not events', async () => {
    const r = await receiver();
    const investor = await t.createUser(UserType.INVESTOR);
    const all = (await t.gql(`{ webhookEventTypes }`, {}, investor.token)).body.data.webhookEventTypes;
    await endpoint(t, investor.token, r.url, all);
    const steps: [TransactionEventKind, string][] = [
      [TransactionEventKind.SEEN_ON_CHAIN, 'DEPOSIT'],
      [TransactionEventKind.DECLINED, 'DEPOSIT'],
      [TransactionEventKind.REOPENED, 'WITHDRAWAL'],
      [TransactionEventKind.SETTLED, 'DEPOSIT'],
      [TransactionEventKind.CHAIN_REORGANISED, 'DEPOSIT'],
      [TransactionEventKind.PAYOUT_SENT, 'WITHDRAWAL'],
      [TransactionEventKind.MATURED, 'DEPOSIT'],
      [TransactionEventKind.CHAIN_CONFIRMATIONS, 'DEPOSIT'],
    ];
    for (const [kind, type] of steps) await eventAbout(t, investor.user.id, kind, type);
    // Sorted: the deliveries of one step are attempted side by side (ordering is not promised).
    expect(r.received.map((q) => JSON.parse(q.body).type).sort()).toEqual([
      'deposit.chain_reorganised',
      'deposit.created', // a payment the chain watcher found is a new deposit too
      'deposit.declined',
      'deposit.seen_on_chain',
      'deposit.settled',
      'withdrawal.paid_out',
      'withdrawal.reopened',
    ]);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const r = await receiver();
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    const rotated = await t.gql(
      `mutation R($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`,
      { id: hook.id },
      investor.token,
    );
    const fresh = rotated.body.data.rotateWebhookSecret.secret as string;
    await eventAbout(t, investor.user.id);
    const [during] = r.received;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([signedWith(fresh, during), signedWith(hook.secret, during)]).toEqual([true, true]);
    clock.advanceSeconds(24 * 3600 + 1);
    await eventAbout(t, investor.user.id);
    const after = r.received[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect([signedWith(fresh, after), signedWith(hook.secret, after)]).toEqual([true, false]);
  });
});

describe('deliveries that lost their job', () => {
  it('get a new job from the sweep once due, and a dead sender’s claim is taken over after its lease', async () => {
    const r = await receiver();
    r.answer(500);
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    await eventAbout(t, investor.user.id);
    const [before] = await deliveriesOf(hook.id);
    await t.services.ds.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE id = $1`, [before.job_id]); // its job is gone
    expect(await t.services.webhookDeliveries.requeueStranded()).toBe(0); // not due yet
    clock.advanceSeconds(RETRY_DELAYS_SECONDS[0]);
    expect(await t.services.webhookDeliveries.requeueStranded()).toBe(1);
    const [after] = await deliveriesOf(hook.id);
    expect(after.job_id).not.toBe(before.job_id);
    const [job] = await t.services.ds.query(`SELECT state FROM ${JOB_SCHEMA}.job WHERE id = $1`, [after.job_id]);
    expect(job.state).toBe('created');
    // A sender that claimed it and died: nobody else may send it until its lease ends.
    await t.services.ds.query(`UPDATE webhook_delivery SET status = 'sending', lease_until = $2 WHERE id = $1`, [
      after.id,
      new Date(clock.now().getTime() + 60_000),
    ]);
    expect(await t.services.webhookDeliveries.deliver(after.id)).toBe('busy');
    clock.advanceSeconds(61);
    expect(await t.services.webhookDeliveries.deliver(after.id)).toBe('delivered');
    expect(r.received).toHaveLength(2);
  });

  it('cannot be redelivered while the endpoint is off', async () => {
    const r = await receiver();
    const investor = await t.createUser(UserType.INVESTOR);
    const hook = await endpoint(t, investor.token, r.url);
    await eventAbout(t, investor.user.id);
    const [{ id }] = await deliveriesOf(hook.id);
    await t.gql(
      `mutation U($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { enabled } }`,
      { id: hook.id },
      investor.token,
    );
    const res = await t.gql(
      `mutation X($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }`,
      { id },
      investor.token,
    );
    expect(res.body.errors[0]).toMatchObject({
      message: 'This endpoint is turned off: turn it on before redelivering',
      extensions: { code: 'CONFLICT' },
    });
    expect(r.received).toHaveLength(1);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is turned off after 5 days without a success, its waiting deliveries fail, and its owner is mailed', async () => {
    const r = await receiver(500);
    const investor = await t.createUser(UserType.INVESTOR, { fullName: 'Failing Fiona' });
    const hook = await endpoint(t, investor.token, `${r.url}?token=s3cr3t`);
    await eventAbout(t, investor.user.id);
    const [{ failing_since: since }] = await t.services.ds.query(
      `SELECT failing_since FROM webhook_endpoint WHERE id = $1`,
      [hook.id],
    );
    expect(new Date(since).getTime()).toBe(clock.now().getTime());
    clock.advanceSeconds(4 * 24 * 3600);
    await eventAbout(t, investor.user.id); // 4 days: still on
    expect(
      (await t.services.ds.query(`SELECT enabled FROM webhook_endpoint WHERE id = $1`, [hook.id]))[0].enabled,
    ).toBe(true);
    clock.advanceSeconds(24 * 3600);
    await eventAbout(t, investor.user.id); // 5 days of failing: off
    const [ep] = await t.services.ds.query(`SELECT enabled, disabled_reason FROM webhook_endpoint WHERE id = $1`, [
      hook.id,
    ]);
    expect(ep).toEqual({
      enabled: false,
      disabled_reason: 'Turned off after its deliveries failed for 5 days without a success',
    });
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((d) => d.status)).toEqual(['failed', 'failed', 'failed']);
    expect(rows[0].last_error).toBe('endpoint disabled');
    const mail = await smtp.waitFor(investor.user.email, /(webhook endpoint turned off)/);
    expect(mail).toBe('webhook endpoint turned off');
    const raw = smtp.mails.find((m) => m.to.includes(investor.user.email))!.raw;
    expect(raw).toContain(`127.0.0.1:${r.port}`);
    expect(raw).not.toContain('s3cr3t'); // the URL's query is the receiver's secret
    expect(raw).toContain('HTTP 500');

    // Nothing more is sent; turning it back on clears the failing state and delivery resumes.
    const sent = r.received.length;
    await eventAbout(t, investor.user.id);
    expect(r.received).toHaveLength(sent);
    r.answer(204);
    const on = await t.gql(
      `mutation U($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: true }) { enabled failingSince } }`,
      { id: hook.id },
      investor.token,
    );
    expect(on.body.data.updateWebhookEndpoint).toEqual({ enabled: true, failingSince: null });
    await eventAbout(t, investor.user.id);
    expect(r.received).toHaveLength(sent + 1);
  });
});
