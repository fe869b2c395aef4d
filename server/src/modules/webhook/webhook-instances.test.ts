import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { TransactionEventKind } from '../../platform/timeline/transaction-event.entity';
import { UserType } from '../user/user.entity';
import { WEBHOOK_DELIVER_JOB } from './webhook-deliveries';

// Issue 36: two instances on one database, both running the delivery jobs: each event reaches the
// receiver once however many senders race for it (the claim and its lease), and an attempt that
// failed is made again by a job, on whichever instance takes it, at the real retry time (5 s).
// A database of this file's own, so these workers see only these jobs.

jest.setTimeout(60_000);

let scratch: ScratchDatabase;
let a: TestApp;
let b: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  const options = { databaseUrl: scratch.url, tuning: { jobPollingIntervalSeconds: 0.5 } };
  const env = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  [a, b, receiver] = await Promise.all([
    startTestApp(env, options),
    startTestApp(env, options),
    startWebhookReceiver(),
  ]);
  await Promise.all([a.services.queue.work(), b.services.queue.work()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await receiver?.close();
  await scratch?.drop();
});

/** Polls until `done` holds (a deadline, never a fixed sleep deciding the result). */
async function until(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function endpointOf(token: string, path: string): Promise<string> {
  const res = await a.gql(
    `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`,
    { input: { url: `${receiver.url}/${path}`, events: ['withdrawal.requested'] } },
    token,
  );
  return res.body.data.createWebhookEndpoint.endpoint.id;
}

/** `count` withdrawal requests of `userId`, recorded in one batch through instance `app`. */
async function requests(app: TestApp, userId: string, count: number): Promise<void> {
  const rows: { id: string }[] = await app.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, amount, crypto)
     SELECT $1, 'WITHDRAWAL', 10, 'usdt' FROM generate_series(1, $2) RETURNING id`,
    [userId, count],
  );
  await app.services.ds.transaction((m) =>
    app.services.events.record(
      m,
      rows.map(({ id }) => ({ transactionId: id, userId, kind: TransactionEventKind.SUBMITTED })),
    ),
  );
}

const statusesOf = async (endpointId: string): Promise<string[]> =>
  (await a.services.ds.query(`SELECT status FROM webhook_delivery WHERE endpoint_id = $1`, [endpointId])).map(
    (r: { status: string }) => r.status,
  );

const onPath = (path: string) => receiver.received.filter((q) => q.path === `/hook/${path}`);

it('delivers each event once while both instances race for every delivery', async () => {
  receiver.delayMs = 150; // slow answers: the racing senders overlap
  const investor = await a.createUser(UserType.INVESTOR);
  const endpointId = await endpointOf(investor.token, 'race');
  await requests(a, investor.user.id, 10);
  const ids: string[] = (
    await a.services.ds.query(`SELECT id FROM webhook_delivery WHERE endpoint_id = $1`, [endpointId])
  ).map((r: { id: string }) => r.id);
  expect(ids).toHaveLength(10);
  // A's in-process attempts are under way; both instances try every delivery too, twice each.
  const raced = await Promise.all(
    ids.flatMap((id) => [a, b, a, b].map((app) => app.services.webhookDeliveries.deliver(id))),
  );
  await Promise.all([a.services.background.idle(), b.services.background.idle()]);
  await until(async () => (await statusesOf(endpointId)).every((s) => s === 'delivered'));
  receiver.delayMs = 0;
  expect(raced.filter((o) => o === 'delivered').length).toBeLessThanOrEqual(40);
  expect(raced.every((o) => o === 'delivered' || o === 'busy')).toBe(true);
  const got = onPath('race');
  expect(got).toHaveLength(10);
  expect(new Set(got.map((q) => q.headers['webhook-id']))).toEqual(new Set(ids));
});

it('makes a failed attempt again through a job, at the retry time, with the same id', async () => {
  const investor = await a.createUser(UserType.INVESTOR);
  const endpointId = await endpointOf(investor.token, 'retry');
  receiver.answer(500);
  await requests(b, investor.user.id, 1);
  await b.services.background.idle();
  const [row] = await a.services.ds.query(`SELECT id, job_id, status FROM webhook_delivery WHERE endpoint_id = $1`, [
    endpointId,
  ]);
  expect(row.status).toBe('queued');
  expect(onPath('retry')).toHaveLength(1);
  await until(async () => (await statusesOf(endpointId))[0] === 'delivered');
  // Every job of this delivery has ended: the retry job made the attempt, the first one found it was no longer the row's.
  await until(async () => {
    const jobs = await a.services.ds.query(
      `SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'deliveryId' = $2`,
      [WEBHOOK_DELIVER_JOB, row.id],
    );
    return jobs.length === 2 && jobs.every((j: { state: string }) => j.state === 'completed');
  });
  const got = onPath('retry');
  expect(got).toHaveLength(2);
  expect(got.map((q) => q.headers['webhook-id'])).toEqual([row.id, row.id]);
});
