import { createHash, randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../../test/harness';

// Issue 33: automatic persisted queries with a bad hash answered "Internal server error": Apollo
// refuses a wrong hash or version with HTTP 400 but no error code, which our error formatting
// masked. Apollo's own answers now reach the client: 400 BAD_REQUEST when a query comes with a hash
// that is not its own (or an unsupported version), and the standard PERSISTED_QUERY_NOT_FOUND for
// any hash Apollo has no query for (a malformed one can never be found either).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A query text no other request sent yet, so Apollo's persisted-query cache does not hold it. */
const freshQuery = () => `query Plans { plans { id } } # ${randomUUID()}`;

/** Sends `extensions` (and `query`, when given) both ways Apollo reads them: POST body and GET query string. */
async function bothWays(extensions: unknown, query?: string) {
  const post = await t.http
    .post('/graphql')
    .set('content-type', 'application/json')
    .send({ extensions, ...(query === undefined ? {} : { query }) });
  const params = new URLSearchParams({ extensions: JSON.stringify(extensions) });
  if (query !== undefined) params.set('query', query);
  const get = await t.http.get(`/graphql?${params}`).set('apollo-require-preflight', 'true');
  return { POST: post, GET: get };
}

const persisted = (sha256Hash: unknown, version: unknown = 1) => ({ persistedQuery: { version, sha256Hash } });

describe('persisted queries with a bad hash', () => {
  const query = freshQuery();
  const refused: Array<[string, unknown, string | undefined]> = [
    ['a hash that is not hex, with a query', persisted('z'.repeat(64)), query],
    ['a hash one character short', persisted(sha256(query).slice(1)), query],
    ['a hash in upper case', persisted(sha256(query).toUpperCase()), query],
    ['an object as hash', persisted({ $gt: '' }), query],
    ['an array as hash', persisted([sha256(query)]), query],
    ['a hash with a query that does not match it', persisted(sha256(`${query} `)), query],
    ['an unsupported version', persisted(sha256(query), 2), query],
    ['a persisted query that is not an object', { persistedQuery: 'yes' }, query],
  ];

  it.each(refused)('%s: 400 BAD_REQUEST over POST and GET, never 500', async (_name, extensions, sent) => {
    for (const [method, res] of Object.entries(await bothWays(extensions, sent))) {
      expect({ method, status: res.status }).toEqual({ method, status: 400 });
      expect(res.body.errors).toEqual([
        { message: expect.not.stringMatching(/internal/i), extensions: { code: 'BAD_REQUEST' } },
      ]);
      expect(res.body.data).toBeUndefined();
    }
  });

  const unknown: Array<[string, unknown]> = [
    ['a hash that is not hex', persisted('z'.repeat(64))],
    ['a hash too short', persisted('abc123')],
    ['a hash too long', persisted(`${sha256(query)}0`)],
    ['a number as hash', persisted(42)],
    ['null as hash', persisted(null)],
    ['no hash at all', { persistedQuery: { version: 1 } }],
  ];

  it.each(unknown)('%s without a query: PERSISTED_QUERY_NOT_FOUND, never 500', async (_name, extensions) => {
    for (const [method, res] of Object.entries(await bothWays(extensions))) {
      expect({ method, status: res.status }).toEqual({ method, status: 200 });
      expect(res.body.errors).toEqual([
        { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      ]);
    }
  });

  it("answers Apollo's standard PERSISTED_QUERY_NOT_FOUND for a well-formed unknown hash without a query", async () => {
    for (const [method, res] of Object.entries(await bothWays(persisted(sha256(freshQuery()))))) {
      expect({ method, status: res.status }).toEqual({ method, status: 200 });
      expect(res.body.errors).toEqual([
        { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      ]);
    }
  });

  it('still registers a query with its right hash, and then runs it from the hash alone', async () => {
    const text = freshQuery();
    const { POST: registered } = await bothWays(persisted(sha256(text)), text);
    expect(registered.status).toBe(200);
    expect(registered.body.data.plans).toHaveLength(4);
    for (const res of Object.values(await bothWays(persisted(sha256(text))))) {
      expect(res.status).toBe(200);
      expect(res.body.data.plans).toHaveLength(4);
    }
  });
});
