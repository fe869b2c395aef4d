import { startTestApp, type TestApp } from './test/harness';

// API answers are gzipped at the fastest level (app.ts): still compressed above the 1 KB threshold,
// sent as they are below it. They carry no ETag (hashing every body bought nothing).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PLAN_FIELDS = 'id name minAmount maxAmount profitPercent durationHours';

/** POST /graphql asking for gzip (the client decodes the body; the header tells how it came). */
const gzipAsked = (query: string) =>
  t.http.post('/graphql').set('content-type', 'application/json').set('accept-encoding', 'gzip').send({ query });

describe('API answers', () => {
  it('are gzipped above 1 KB, and decode to the same answer', async () => {
    const query = `{ a: plans { ${PLAN_FIELDS} } b: plans { ${PLAN_FIELDS} } c: plans { ${PLAN_FIELDS} } }`;
    const plain = await t.gql(query);
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(1024);
    const res = await gzipAsked(query);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual(plain.body);
  });

  it('are sent as they are below 1 KB', async () => {
    const res = await gzipAsked('{ plans { id } }');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.data.plans.length).toBeGreaterThan(0);
  });

  it('carry no ETag, over GraphQL and REST', async () => {
    expect((await t.gql('{ plans { id } }')).headers.etag).toBeUndefined();
    const rest = await t.http.get('/api/plans');
    expect(rest.status).toBe(200);
    expect(rest.headers.etag).toBeUndefined();
  });
});
