import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { REPO_ROOT } from '../../kernel/config';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_INTROSPECTION: 'true' });
});
afterAll(() => t.close());

describe('the schema for clients (issue 36)', () => {
  it('GET /graphql/schema.graphql serves the deployed SDL, public and cacheable, equal to the committed contract', async () => {
    const res = await t.http.get('/graphql/schema.graphql');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.text).toBe(readFileSync(path.join(REPO_ROOT, 'schema.graphql'), 'utf8'));
    const again = await t.http.get('/graphql/schema.graphql').set('if-none-match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('with introspection on, the standard introspection query (depth 21) is answered, and builds the same schema', async () => {
    const res = await t.http.post('/graphql').send({ query: getIntrospectionQuery() });
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    const schema = buildClientSchema(res.body.data);
    expect(printSchema(schema)).toContain('depositAddress(crypto: String!): DepositAddress!');
  });
});
