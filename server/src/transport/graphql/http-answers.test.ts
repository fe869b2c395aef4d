import request from 'supertest';
import { UserType } from '../../modules/user/user.entity';
import { API_KEY_PREFIX } from '../../modules/api-keys/api-key.service';
import { startTestApp, TestApp } from '../../test/harness';
import { queriesOf } from '../../test/statements';

// Issue 34: every GraphQL request goes through Apollo's one pipeline (the lean path of issue 16 is
// gone). What clients see of an answer, pinned: status, content type, headers and body for reads,
// refusals, partial data, bad input and failed credentials, and each request sent twice, so the
// second (Apollo's document store: not parsed or validated again) must answer alike and still pass
// every plugin (the metrics plugin counts it).

const METRICS_TOKEN = 'http-answers-metrics-token-0123456789';
/** What Apollo Client 4 sends. */
const CLIENT_ACCEPT = 'application/graphql-response+json,application/json;q=0.9';
/** The security headers every JSON answer carries (app.ts API_HEADERS). */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

let t: TestApp;
let investor: string;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN, SERVER_TIMING: 'true' });
  investor = (await t.createUser(UserType.INVESTOR)).token;
});
afterAll(() => t.close());

interface Ask {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  extensions?: Record<string, unknown>;
  token?: string;
  headers?: Record<string, string>;
}

/** What a client can see of an answer, and the statements the request ran (Server-Timing). */
async function answer(ask: Ask) {
  const req = request(t.app.app).post('/graphql').set('content-type', 'application/json');
  if (ask.token) req.set('authorization', `Bearer ${ask.token}`);
  for (const [name, value] of Object.entries(ask.headers ?? {})) req.set(name, value);
  const { token: _t, headers: _h, ...body } = ask;
  const res = await req.send(JSON.stringify(body));
  const { date: _d, 'x-request-id': _id, 'server-timing': timing, ...headers } = res.headers as Record<string, string>;
  return { status: res.status, headers, body: res.text, queries: queriesOf(timing) };
}

/** `ask` sent twice: both answers must be equal (the second from Apollo's document store). */
async function twice(ask: Ask) {
  const first = await answer(ask);
  const { queries: _q1, ...seen } = first;
  const { queries: _q2, ...again } = await answer(ask);
  expect(again).toEqual(seen);
  return { ...first, json: JSON.parse(first.body) };
}

/** `cryptovest_graphql_operations_total` for anonymous queries so far (counted by an Apollo plugin). */
async function anonymousQueries(): Promise<number> {
  const res = await request(t.app.app).get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
  const line = /^cryptovest_graphql_operations_total\{operation="anonymous",type="query"\} (\d+)$/m.exec(res.text);
  return Number(line?.[1] ?? 0);
}

describe('GraphQL answers through the one pipeline', () => {
  it('answers a guest query in the type the client accepts, with the API headers, every time', async () => {
    const before = await anonymousQueries();
    const plain = await twice({ query: '{ plans { name minAmount profitPercent } }' });
    expect(plain.status).toBe(200);
    expect(plain.headers).toMatchObject({ ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    expect(plain.headers.etag).toBeUndefined();
    expect(plain.json.data.plans).toHaveLength(4);
    // Each request passed the plugins, the repeated one too: none is skipped.
    expect((await anonymousQueries()) - before).toBe(2);
    // As Apollo Client sends it: its Accept, and its name in `extensions`.
    const typed = await twice({
      query: '{ plans { name minAmount profitPercent } }',
      extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' } },
      headers: { accept: CLIENT_ACCEPT },
    });
    expect(typed.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(typed.json.data.plans).toHaveLength(4);
  });

  it("answers an investor's own reads, with variables and a chosen operation", async () => {
    await t.fund((await t.services.tokens.verify(investor)).id, '250.00');
    const overview = await twice({
      query:
        'query Me { me { id email type } } query Page($page: Int!) { myTransactions(page: $page, pageSize: 8) { total items { id amount } } account { balance } }',
      operationName: 'Page',
      variables: { page: 1 },
      token: investor,
    });
    expect(overview.status).toBe(200);
    expect(overview.json.data.account.balance).toBe('250.00000');
    const me = await twice({
      query: 'query Me { me { id email type } } query Page { plans { name } }',
      operationName: 'Me',
      token: investor,
    });
    expect(me.json.data.me.type).toBe('INVESTOR');
  });

  it('answers refusals and errors with their status rules, codes and paths', async () => {
    const guest = await twice({ query: '{ me { id } }' });
    expect(guest.status).toBe(401);
    expect(guest.json).toEqual({
      errors: [
        {
          message: 'You must be signed in',
          path: ['me'],
          locations: [{ line: 1, column: 3 }],
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ],
      data: null,
    });
    const forbidden = await twice({ query: '{ settlementQueue { total } }', token: investor });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.errors[0].extensions.code).toBe('FORBIDDEN');
    // A refusal beside a public field: root fields are non-null, so no data is left, and 403 stands.
    const mixed = await twice({ query: '{ plans { name } settlementQueue { total } }', token: investor });
    expect(mixed.status).toBe(403);
    expect(mixed.json.data).toBeNull();
    expect(mixed.json.errors.map((e: { path: string[] }) => e.path)).toEqual([['settlementQueue']]);
    // Public and own fields read together.
    const both = await twice({ query: '{ plans { name } account { balance } }', token: investor });
    expect(both.status).toBe(200);
    expect(both.json.data.plans).toHaveLength(4);
    expect(both.json.data.account.balance).toMatch(/^\d+\.\d{5}$/);
    const missing = await twice({
      query: 'query($id: ID!) { transaction(id: $id) { id } }',
      variables: { id: '00000000-0000-4000-8000-000000000000' },
      token: investor,
    });
    expect(missing.status).toBe(200);
    expect(missing.json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(missing.headers['retry-after']).toBeUndefined();
  });

  it('answers bad input before running anything: variables, operation names, Accept', async () => {
    const badVariables = await twice({
      query: 'query($page: Int!) { myTransactions(page: $page) { total } }',
      variables: { page: 'one' },
      token: investor,
    });
    expect(badVariables.status).toBe(400);
    expect(badVariables.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(badVariables.json.data).toBeUndefined();
    const unknownName = await twice({ query: '{ plans { name } }', operationName: 'Nope' });
    expect(unknownName.status).toBe(400);
    expect(unknownName.json.errors[0].extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
    const html = await twice({ query: '{ plans { name } }', headers: { accept: 'text/html' } });
    expect(html.status).toBe(406);
    const mutation = await answer({ query: 'mutation { markNotificationsRead(all: true) }', token: investor });
    expect(mutation.status).toBe(200);
    expect(JSON.parse(mutation.body).data.markNotificationsRead).toBe(0);
  });

  it('answers failed credentials with 401, checking a key once per request', async () => {
    expect((await twice({ query: '{ me { id } }', token: 'not-a-token' })).status).toBe(401);
    expect((await twice({ query: '{ me { id } }', headers: { 'x-api-key': 'nope' } })).status).toBe(401);
    // An unknown key is looked up once (checking a key counts against its rate limit).
    const unknownKey = { query: '{ me { id } }', headers: { 'x-api-key': `${API_KEY_PREFIX}${'u'.repeat(43)}` } };
    for (let i = 0; i < 2; i++) {
      const res = await answer(unknownKey);
      expect(res.status).toBe(401);
      expect(res.queries).toBe(1);
    }
  });

  it('refuses again what failed validation once: introspection where it is off, unknown fields', async () => {
    const closed = await startTestApp({ GRAPHQL_INTROSPECTION: 'false' });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await request(closed.app.app)
          .post('/graphql')
          .set('content-type', 'application/json')
          .send({ query: '{ __schema { queryType { name } } }' });
        expect(res.status).toBe(400);
        expect(res.body.data).toBeUndefined();
      }
    } finally {
      await closed.close();
    }
    const unknownField = await twice({ query: '{ plans { nope } }' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
