import type { LookupAddress } from 'node:dns';
import { createScratchDatabase, type ScratchDatabase, startTestApp, type TestApp } from '../../test/harness';
import { open } from '../../kernel/secret-box';
import { UserType } from '../user/user.entity';
import { MAX_ENDPOINTS_PER_USER } from './webhook-input';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';

// Issue 36: users manage their own webhook endpoints over GraphQL (and API keys with the WEBHOOKS
// scope); URLs that lead inside are refused at creation; nobody reaches another user's endpoint.
// A database of this file's own: endpoints here must not receive other files' events.

jest.setTimeout(30_000);

/** DNS for the strict app: public names, a name inside, and the system's answer for anything else. */
const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['10.0.0.5'],
};
const fakeDns = async (host: string): Promise<LookupAddress[]> => {
  const addresses = names[host] ?? (host === 'localhost' ? ['127.0.0.1', '::1'] : null);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let scratch: ScratchDatabase;
/** Private targets and http allowed (as tests and on-premise installs run). */
let open_: TestApp;
/** The production rules: https only, public targets only. */
let strict: TestApp;
/** http allowed, private targets still refused. */
let httpOnly: TestApp;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  const databaseUrl = scratch.url;
  open_ = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { databaseUrl });
  strict = await startTestApp({}, { databaseUrl, tuning: { webhookResolver: fakeDns } });
  httpOnly = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true' }, { databaseUrl, tuning: { webhookResolver: fakeDns } });
});
afterAll(async () => {
  await Promise.all([open_, strict, httpOnly].map((t) => t?.close()));
  await scratch?.drop();
});

const ENDPOINT =
  'id url events description scope enabled disabledReason failingSince previousSecretExpiresAt createdAt';
const CREATE = `mutation C($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { ${ENDPOINT} } secret } }`;
const LIST = `query { webhookEndpoints { ${ENDPOINT} } }`;
const UPDATE = `mutation U($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT} } }`;
const ROTATE = `mutation R($id: ID!) { rotateWebhookSecret(id: $id) { endpoint { ${ENDPOINT} } secret } }`;
const DELETE = `mutation D($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`;
const DELIVERIES = `query L($id: ID!) { webhookDeliveries(endpointId: $id) { id eventType status attempts } }`;
const REDELIVER = `mutation X($id: ID!) { redeliverWebhook(deliveryId: $id) { id status } }`;

type Endpoint = { id: string; url: string; events: string[]; enabled: boolean } & Record<string, unknown>;

/** The first error's code, message and field errors, or null when the call succeeded. */
const failure = (res: { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } }) => {
  const e = res.body.errors?.[0];
  return e ? { code: e.extensions?.code, message: e.message, fields: e.extensions?.fields } : null;
};

async function create(t: TestApp, token: string, input: Record<string, unknown>) {
  const res = await t.gql(CREATE, { input: { events: ['deposit.created'], ...input } }, token);
  return { res, made: res.body.data?.createWebhookEndpoint as { endpoint: Endpoint; secret: string } | undefined };
}

describe('creating and reading endpoints', () => {
  it('answers the endpoint and a whsec_ secret once; the secret is stored sealed and never listed', async () => {
    const { user, token } = await open_.createUser(UserType.INVESTOR);
    const { made } = await create(open_, token, {
      url: 'https://hooks.example.com/cryptovest?token=abc',
      events: ['deposit.confirmed', 'deposit.created', 'deposit.created'],
      description: '  Bookkeeping  ',
    });
    expect(made!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made!.endpoint).toMatchObject({
      url: 'https://hooks.example.com/cryptovest?token=abc',
      events: ['deposit.created', 'deposit.confirmed'], // known order, once each
      description: 'Bookkeeping',
      scope: 'OWN',
      enabled: true,
      disabledReason: null,
    });
    const [row] = await open_.services.ds.query(`SELECT * FROM webhook_endpoint WHERE id = $1`, [made!.endpoint.id]);
    expect(row.user_id).toBe(user.id);
    expect(row.secret_sealed).not.toContain(made!.secret.slice(6));
    expect(open(open_.services.config.sealingKeys, row.secret_sealed, `webhook_endpoint:${row.id}`)).toBe(made!.secret);
    // What the service hands any transport (GraphQL, REST) never carries the sealed secrets.
    const caller = { id: user.id, type: user.type };
    for (const entity of [
      ...(await open_.services.webhooks.list(caller)),
      await open_.services.webhooks.get(caller, made!.endpoint.id),
      (await open_.services.webhooks.rotateSecret(caller, made!.endpoint.id, { ip: null })).endpoint,
    ])
      expect(Object.keys(entity).filter((k) => /secret/i.test(k))).toEqual(['previousSecretExpiresAt']);
    const listed = (await open_.gql(LIST, {}, token)).body.data.webhookEndpoints;
    expect(listed).toEqual([{ ...made!.endpoint, previousSecretExpiresAt: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    // The audit names the host, never the URL's path or query (they may hold the receiver's token).
    const [audit] = await open_.services.ds.query(
      `SELECT actor_id, metadata FROM audit_event WHERE action = 'webhook.created' AND subject_id = $1`,
      [made!.endpoint.id],
    );
    expect(audit).toEqual({
      actor_id: user.id,
      metadata: { host: 'hooks.example.com', events: ['deposit.created', 'deposit.confirmed'], scope: 'OWN' },
    });
    const second = await open_.services.webhooks.create(
      caller,
      { url: 'https://hooks.example.com/2', events: ['deposit.settled'] },
      { ip: null },
    );
    expect(Object.keys(second.endpoint).filter((k) => /secret/i.test(k))).toEqual(['previousSecretExpiresAt']);
  });

  it('lists the event types', async () => {
    const { token } = await open_.createUser(UserType.INVESTOR);
    expect((await open_.gql(`{ webhookEventTypes }`, {}, token)).body.data.webhookEventTypes).toEqual([
      ...WEBHOOK_EVENT_TYPES,
    ]);
    expect((await open_.gql(`{ webhookEventTypes }`)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('checks events, description, scope and the cap with field errors', async () => {
    const { token } = await open_.createUser(UserType.INVESTOR);
    const url = 'https://hooks.example.com/x';
    expect(failure((await create(open_, token, { url, events: ['deposit.created', 'deposit.stolen'] })).res)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'unknown event type "deposit.stolen" (see webhookEventTypes for the list)',
      fields: [
        { field: 'events', message: 'unknown event type "deposit.stolen" (see webhookEventTypes for the list)' },
      ],
    });
    expect(failure((await create(open_, token, { url, events: [] })).res)?.fields).toEqual([
      { field: 'events', message: 'choose at least one event' },
    ]);
    expect(failure((await create(open_, token, { url, description: 'x'.repeat(201) })).res)?.fields).toEqual([
      { field: 'description', message: 'description must be at most 200 characters' },
    ]);
    expect(failure((await create(open_, token, { url: '' })).res)?.fields).toEqual([
      { field: 'url', message: 'url is required' },
    ]);
    expect(
      failure((await create(open_, token, { url: `https://hooks.example.com/${'a'.repeat(2100)}` })).res)?.fields,
    ).toEqual([{ field: 'url', message: 'url must be at most 2048 characters' }]);
    expect(failure((await create(open_, token, { url, scope: 'ALL' })).res)?.fields).toEqual([
      { field: 'scope', message: "Only administrators can receive every account's events (scope ALL)" },
    ]);
    for (let i = 0; i < MAX_ENDPOINTS_PER_USER; i++) expect((await create(open_, token, { url })).made).toBeDefined();
    expect(failure((await create(open_, token, { url })).res)).toMatchObject({
      code: 'CONFLICT',
      message: `You already have ${MAX_ENDPOINTS_PER_USER} webhook endpoints: delete one first`,
    });
  });

  it("gives administrators the ALL scope (every account's events)", async () => {
    const { token } = await open_.createUser(UserType.ADMIN);
    const { made } = await create(open_, token, { url: 'https://hooks.example.com/all', scope: 'ALL' });
    expect(made!.endpoint.scope).toBe('ALL');
  });
});

describe('the address rules at creation', () => {
  it('refuses http without WEBHOOK_ALLOW_HTTP, and credentials in the URL', async () => {
    const { token } = await strict.createUser(UserType.INVESTOR);
    expect(failure((await create(strict, token, { url: 'http://127.0.0.1:8080/hook' })).res)?.fields).toEqual([
      { field: 'url', message: 'url must start with https://' },
    ]);
    expect(failure((await create(strict, token, { url: 'https://me:pw@hooks.example.com/' })).res)?.fields).toEqual([
      { field: 'url', message: 'url must not contain a user name or password' },
    ]);
    expect((await create(strict, token, { url: 'https://hooks.example.com/hook' })).made).toBeDefined();
  });

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
    ['https://localhost/hook', 'localhost resolves to 127.0.0.1, a loopback address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['https://[::ffff:10.0.0.1]/hook', '::ffff:a00:1 is a private address'],
    ['https://inside.example.com/hook', 'inside.example.com resolves to 10.0.0.5, a private address'],
    ['https://100.64.1.1/hook', '100.64.1.1 is a shared (CGNAT) address'],
    ['https://nowhere.example.com/hook', 'nowhere.example.com could not be resolved'],
  ])('refuses %s without WEBHOOK_ALLOW_PRIVATE_TARGETS', async (url, reason) => {
    const { token } = await httpOnly.createUser(UserType.INVESTOR);
    const message = `url must point to a public address: ${reason} (webhooks never call internal networks)`;
    expect(failure((await create(httpOnly, token, { url })).res)).toEqual({
      code: 'BAD_USER_INPUT',
      message,
      fields: [{ field: 'url', message }],
    });
  });

  it('applies the same rules to a changed URL, and lifts the address rule with the setting', async () => {
    const { token } = await httpOnly.createUser(UserType.INVESTOR);
    const { made } = await create(httpOnly, token, { url: 'http://hooks.example.com/hook' });
    const moved = await httpOnly.gql(UPDATE, { id: made!.endpoint.id, input: { url: 'http://10.1.1.1/' } }, token);
    expect(failure(moved)?.fields).toEqual([
      {
        field: 'url',
        message:
          'url must point to a public address: 10.1.1.1 is a private address (webhooks never call internal networks)',
      },
    ]);
    const other = await open_.createUser(UserType.INVESTOR);
    expect((await create(open_, other.token, { url: 'http://127.0.0.1:8080/hook' })).made).toBeDefined();
  });
});

describe('changing, rotating and deleting', () => {
  it('changes only what is sent; off and on again clears the failing state', async () => {
    const { token } = await open_.createUser(UserType.INVESTOR);
    const { made } = await create(open_, token, { url: 'https://hooks.example.com/a', description: 'first' });
    const id = made!.endpoint.id;
    const changed = await open_.gql(UPDATE, { id, input: { events: ['withdrawal.requested'] } }, token);
    expect(changed.body.data.updateWebhookEndpoint).toMatchObject({
      events: ['withdrawal.requested'],
      description: 'first',
      url: 'https://hooks.example.com/a',
    });
    await open_.services.ds.query(`UPDATE webhook_endpoint SET failing_since = now() WHERE id = $1`, [id]);
    const off = (await open_.gql(UPDATE, { id, input: { enabled: false } }, token)).body.data.updateWebhookEndpoint;
    expect(off).toMatchObject({ enabled: false, disabledReason: 'Turned off by its owner' });
    await open_.services.ds.query(`UPDATE webhook_endpoint SET failing_since = now() WHERE id = $1`, [id]);
    const on = (await open_.gql(UPDATE, { id, input: { enabled: true } }, token)).body.data.updateWebhookEndpoint;
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(failure(await open_.gql(UPDATE, { id, input: { events: ['nope'] } }, token))?.fields).toEqual([
      { field: 'events', message: 'unknown event type "nope" (see webhookEventTypes for the list)' },
    ]);
    const actions = await open_.services.ds.query(`SELECT action FROM audit_event WHERE subject_id = $1 ORDER BY id`, [
      id,
    ]);
    expect(actions.map((a: { action: string }) => a.action)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.updated',
      'webhook.updated',
    ]);
  });

  it('rotates the secret (the old one signs for 24 more hours) and deletes', async () => {
    const { token } = await open_.createUser(UserType.INVESTOR);
    const { made } = await create(open_, token, { url: 'https://hooks.example.com/r' });
    const id = made!.endpoint.id;
    const before = Date.now();
    const rotated = (await open_.gql(ROTATE, { id }, token)).body.data.rotateWebhookSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made!.secret);
    const until = new Date(rotated.endpoint.previousSecretExpiresAt).getTime();
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(until - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
    expect((await open_.gql(DELETE, { id }, token)).body.data.deleteWebhookEndpoint).toEqual({ id });
    expect((await open_.gql(LIST, {}, token)).body.data.webhookEndpoints).toEqual([]);
    const actions = await open_.services.ds.query(`SELECT action FROM audit_event WHERE subject_id = $1 ORDER BY id`, [
      id,
    ]);
    expect(actions.map((a: { action: string }) => a.action)).toEqual([
      'webhook.created',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
  });
});

describe("another user's endpoints", () => {
  it('cannot be read, changed, rotated, deleted or redelivered: they are not found', async () => {
    const owner = await open_.createUser(UserType.INVESTOR);
    const stranger = await open_.createUser(UserType.INVESTOR);
    const admin = await open_.createUser(UserType.ADMIN);
    const { made } = await create(open_, owner.token, { url: 'https://hooks.example.com/mine' });
    const id = made!.endpoint.id;
    const [{ id: deliveryId }] = await open_.services.ds.query(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_type, payload, status, created_at)
       VALUES (gen_random_uuid(), $1, 'deposit.created', '{}', 'failed', now()) RETURNING id`,
      [id],
    );
    for (const intruder of [stranger, admin]) {
      expect((await open_.gql(LIST, {}, intruder.token)).body.data.webhookEndpoints).toEqual([]);
      const attempts = [
        open_.gql(DELIVERIES, { id }, intruder.token),
        open_.gql(UPDATE, { id, input: { url: 'https://hooks.example.com/theirs' } }, intruder.token),
        open_.gql(ROTATE, { id }, intruder.token),
        open_.gql(DELETE, { id }, intruder.token),
        open_.gql(REDELIVER, { id: deliveryId }, intruder.token),
        open_.gql(DELETE, { id: 'not-a-uuid' }, intruder.token),
      ];
      for (const res of await Promise.all(attempts)) expect(failure(res)?.code).toBe('NOT_FOUND');
    }
    const [row] = await open_.services.ds.query(`SELECT url, secret_sealed FROM webhook_endpoint WHERE id = $1`, [id]);
    expect(row.url).toBe('https://hooks.example.com/mine');
    const mine = await open_.gql(DELIVERIES, { id }, owner.token);
    expect(mine.body.data.webhookDeliveries).toEqual([
      { id: deliveryId, eventType: 'deposit.created', status: 'FAILED', attempts: 0 },
    ]);
  });
});

describe('API keys', () => {
  it('manage endpoints with the WEBHOOKS scope, and are refused without it', async () => {
    const { token } = await open_.createUser(UserType.INVESTOR);
    const key = async (scopes: string[]) =>
      (
        await open_.gql(
          `mutation K($input: ApiKeyInput!) { createApiKey(input: $input) { secret } }`,
          { input: { name: `key ${scopes}`, scopes } },
          token,
        )
      ).body.data.createApiKey.secret as string;
    const hooks = await key(['WEBHOOKS']);
    const reader = await key(['ACCOUNT_READ']);
    const { made } = await create(open_, hooks, { url: 'https://hooks.example.com/by-key' });
    expect(made!.endpoint.url).toBe('https://hooks.example.com/by-key');
    expect((await open_.gql(LIST, {}, token)).body.data.webhookEndpoints).toHaveLength(1); // the key's owner's
    const refused = await open_.gql(LIST, {}, reader);
    expect(failure(refused)).toMatchObject({ code: 'FORBIDDEN' });
  });
});
