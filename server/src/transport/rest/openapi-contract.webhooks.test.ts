import { UserType } from '../../modules/user/user.entity';
import { startTestApp, type TestApp } from '../../test/harness';
import { bearer, contractSuite, randomUuid } from '../../test/openapi-contract-suite';
import { makeDeposit } from '../../test/settlement-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

/** Issue 36, webhook endpoints and their delivery log: every answer as documented. */
const { answers, missingSuccesses } = contractSuite('webhooks');
let receiver: WebhookReceiver;
let t: TestApp;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver is plain http on loopback: both address rules are opened for it.
  t = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('webhook endpoints', () => {
  it('adds, reads, changes, rotates, logs, redelivers and removes an endpoint, refusing as documented', async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR);
    const stranger = await t.createUser(UserType.INVESTOR);
    const types = await answers(t.http.get('/api/webhooks/event-types').set(bearer(token)), 200);
    expect(types.body.data).toContain('deposit.created');
    const endpoint = { url: receiver.url, events: ['deposit.created'], description: 'Books' };
    const created = await answers(t.http.post('/api/webhooks').set(bearer(token)).send(endpoint), 201);
    const id = created.body.data.endpoint.id;
    await answers(
      t.http
        .post('/api/webhooks')
        .set(bearer(token))
        .send({ ...endpoint, url: 'ftp://x' }),
      422,
    );
    await answers(t.http.post('/api/webhooks').send(endpoint), 401);
    const list = await answers(t.http.get('/api/webhooks').set(bearer(token)), 200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    await answers(t.http.get(`/api/webhooks/${id}`).set(bearer(token)), 200);
    await answers(t.http.get(`/api/webhooks/${id}`).set(bearer(stranger.token)), 404);

    await makeDeposit(t.services, user.id, 'Starter', '1000', 'usdt');
    await receiver.waitFor(1);
    const log = await answers(t.http.get(`/api/webhooks/${id}/deliveries`).set(bearer(token)), 200);
    expect(log.body.data).toHaveLength(1);
    const delivery = log.body.data[0].id;
    await answers(t.http.post(`/api/webhooks/deliveries/${delivery}/redeliver`).set(bearer(token)), 200);
    await answers(t.http.post(`/api/webhooks/deliveries/${randomUuid()}/redeliver`).set(bearer(token)), 404);
    await receiver.waitFor(2);
    // A redelivery is the same event to the receiver: the same webhook-id.
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    const key = await t.gql(
      `mutation { createApiKey(input: { name: "read", scopes: [ACCOUNT_READ] }) { secret } }`,
      {},
      token,
    );
    await answers(t.http.get('/api/webhooks').set('x-api-key', key.body.data.createApiKey.secret), 403);

    const changed = await answers(
      t.http
        .put(`/api/webhooks/${id}`)
        .set(bearer(token))
        .send({ enabled: false, events: ['deposit.confirmed'] }),
      200,
    );
    expect(changed.body.data).toMatchObject({ enabled: false, events: ['deposit.confirmed'] });
    await answers(t.http.put(`/api/webhooks/${id}`).set(bearer(token)).send({ events: [] }), 422);
    const rotated = await answers(t.http.post(`/api/webhooks/${id}/rotate-secret`).set(bearer(token)), 200);
    expect(rotated.body.data.endpoint.previousSecretExpiresAt).toEqual(expect.any(String));
    await answers(t.http.delete(`/api/webhooks/${id}`).set(bearer(stranger.token)), 404);
    await answers(t.http.delete(`/api/webhooks/${id}`).set(bearer(token)), 200);
    await answers(t.http.get(`/api/webhooks/${id}/deliveries`).set(bearer(token)), 404);
  });
});

it('has called every webhook operation with a documented success', () => {
  expect(missingSuccesses()).toEqual([]);
});
