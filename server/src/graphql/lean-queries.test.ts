import request from 'supertest';
import { UserType } from '../modules/user/user.entity';
import { API_KEY_PREFIX } from '../modules/api-keys/api-key.service';
import { startTestApp, TestApp } from '../test/harness';
import { queriesOf } from '../test/statements';

// Issue 16: queries Apollo validated before are answered without Apollo's request pipeline
// (graphql/lean-queries.ts). Its answers must stay Apollo's: every request below is sent once with
// a Content-Type only Apollo takes (a quoted charset, which the lean path leaves alone) and once as
// clients send it, and the two answers must be equal; the lean path's own counter shows which
// requests it answered and which it handed on.

const METRICS_TOKEN = 'lean-queries-metrics-token-0123456789';
const APOLLO_ONLY = 'application/json; charset="utf-8"';
const AS_CLIENTS_SEND = 'application/json';
/** What Apollo Client 4 sends. */
const CLIENT_ACCEPT = 'application/graphql-response+json,application/json;q=0.9';

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

/** What a client can see of an answer: status, the headers that describe it, and its body. */
async function answer(ask: Ask, contentType: string) {
  const req = request(t.app.app).post('/graphql').set('content-type', contentType);
  if (ask.token) req.set('authorization', `Bearer ${ask.token}`);
  for (const [name, value] of Object.entries(ask.headers ?? {})) req.set(name, value);
  const { token: _t, headers: _h, ...body } = ask;
  const res = await req.send(JSON.stringify(body));
  const { date: _d, 'x-request-id': _id, 'server-timing': timing, ...headers } = res.headers as Record<string, string>;
  return {
    status: res.status,
    contentType: res.headers['content-type'],
    // Every other header too (security headers, length, retry-after): the same both ways.
    headers,
    body: res.text,
    // Statements the request ran: equal both ways only where no cache warms between the two.
    queries: queriesOf(timing),
  };
}

/** Answers counted as the lean path's so far. */
async function leanAnswers(): Promise<number> {
  const res = await request(t.app.app).get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
  return Number(/^cryptovest_graphql_lean_answers_total (\d+)$/m.exec(res.text)?.[1]);
}

/** Sends `ask` Apollo's way, then as clients do; expects equal answers, and whether the second was lean. */
async function sameBothWays(ask: Ask, lean: boolean) {
  const byApollo = await answer(ask, APOLLO_ONLY);
  const before = await leanAnswers();
  const asSent = await answer(ask, AS_CLIENTS_SEND);
  const { queries: _q1, ...apollo } = byApollo;
  const { queries: _q2, ...sent } = asSent;
  expect(sent).toEqual(apollo);
  expect((await leanAnswers()) - before).toBe(lean ? 1 : 0);
  return asSent;
}

describe('the lean path for validated queries', () => {
  it('answers a guest query exactly as Apollo, in the type the client accepts', async () => {
    const plain = await sameBothWays({ query: '{ plans { name minAmount profitPercent } }' }, true);
    expect(plain.status).toBe(200);
    expect(plain.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(plain.body).data.plans).toHaveLength(4);
    // As Apollo Client sends it: its Accept, and its name in `extensions`.
    const typed = await sameBothWays(
      {
        query: '{ plans { name minAmount profitPercent } }',
        extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' } },
        headers: { accept: CLIENT_ACCEPT },
      },
      true,
    );
    expect(typed.contentType).toBe('application/graphql-response+json; charset=utf-8');
  });

  it("answers an investor's own reads, with variables and a chosen operation, exactly as Apollo", async () => {
    await t.fund((await t.services.tokens.verify(investor)).id, '250.00');
    const overview = await sameBothWays(
      {
        query:
          'query Me { me { id email type } } query Page($page: Int!) { myTransactions(page: $page, pageSize: 8) { total items { id amount } } account { balance } }',
        operationName: 'Page',
        variables: { page: 1 },
        token: investor,
      },
      true,
    );
    expect(JSON.parse(overview.body).data.account.balance).toBe('250.00000');
    const me = await sameBothWays(
      {
        query: 'query Me { me { id email type } } query Page { plans { name } }',
        operationName: 'Me',
        token: investor,
      },
      true,
    );
    expect(JSON.parse(me.body).data.me.type).toBe('INVESTOR');
  });

  it('answers refusals and errors with the status, codes and paths Apollo gives them', async () => {
    const guest = await sameBothWays({ query: '{ me { id } }' }, true);
    expect(guest.status).toBe(401);
    expect(JSON.parse(guest.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const forbidden = await sameBothWays({ query: '{ settlementQueue { total } }', token: investor }, true);
    expect(forbidden.status).toBe(403);
    expect(JSON.parse(forbidden.body).errors[0].extensions.code).toBe('FORBIDDEN');
    // Part answered, part refused: data and errors together.
    const partial = await sameBothWays({ query: '{ plans { name } account { balance } }', token: investor }, true);
    expect(JSON.parse(partial.body).data.plans).toHaveLength(4);
    const missing = await sameBothWays(
      {
        query: 'query($id: ID!) { transaction(id: $id) { id } }',
        variables: { id: '00000000-0000-4000-8000-000000000000' },
        token: investor,
      },
      true,
    );
    expect(JSON.parse(missing.body).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('hands on to Apollo what it does not answer itself, and Apollo answers it', async () => {
    const before = await leanAnswers();
    // A text Apollo has not validated yet: Apollo answers it, and it is lean from then on.
    const fresh = await answer({ query: '{ wallets { name address } }' }, AS_CLIENTS_SEND);
    expect(fresh.status).toBe(200);
    expect(await leanAnswers()).toBe(before);

    // Variables that do not fit (nothing ran): Apollo's 400.
    const badVariables = await sameBothWays(
      {
        query: 'query($page: Int!) { myTransactions(page: $page) { total } }',
        variables: { page: 'one' },
        token: investor,
      },
      false,
    );
    expect(badVariables.status).toBe(400);
    // Mutations, a persisted query, an unknown operation name, an Accept no JSON type satisfies.
    await answer({ query: 'mutation { markNotificationsRead(all: true) }', token: investor }, APOLLO_ONLY);
    await sameBothWays({ query: 'mutation { markNotificationsRead(all: true) }', token: investor }, false);
    const persisted = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
    await sameBothWays({ query: '{ plans { name minAmount profitPercent } }', extensions: persisted }, false);
    const unknownName = await sameBothWays(
      { query: '{ plans { name minAmount profitPercent } }', operationName: 'Nope' },
      false,
    );
    expect(unknownName.status).toBe(400);
    const html = await sameBothWays(
      { query: '{ plans { name minAmount profitPercent } }', headers: { accept: 'text/html' } },
      false,
    );
    expect(html.status).toBe(406);
    // A credential that fails: Apollo answers with the failure the lean path met (checked once).
    const forged = await sameBothWays({ query: '{ me { id } }', token: 'not-a-token' }, false);
    expect(forged.status).toBe(401);
    const badKey = await sameBothWays({ query: '{ me { id } }', headers: { 'x-api-key': 'nope' } }, false);
    expect(badKey.status).toBe(401);
    // An unknown key is looked up once per request, not again when Apollo takes over.
    const unknownKey = { query: '{ me { id } }', headers: { 'x-api-key': `${API_KEY_PREFIX}${'u'.repeat(43)}` } };
    expect((await answer(unknownKey, APOLLO_ONLY)).queries).toBe(1);
    const keyAsSent = await answer(unknownKey, AS_CLIENTS_SEND);
    expect(keyAsSent.status).toBe(401);
    expect(keyAsSent.queries).toBe(1);
  });

  it('never answers what Apollo refused: introspection where it is off, documents that fail validation', async () => {
    const closed = await startTestApp({ GRAPHQL_INTROSPECTION: 'false', METRICS_TOKEN });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await request(closed.app.app)
          .post('/graphql')
          .set('content-type', AS_CLIENTS_SEND)
          .send({ query: '{ __schema { queryType { name } } }' });
        expect(res.status).toBe(400);
        expect(res.body.data).toBeUndefined();
      }
    } finally {
      await closed.close();
    }
    for (let i = 0; i < 2; i++)
      expect((await answer({ query: '{ plans { nope } }' }, AS_CLIENTS_SEND)).status).toBe(400);
  });
});
