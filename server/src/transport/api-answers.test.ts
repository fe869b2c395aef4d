import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../test/harness';
import { rawRequest } from '../test/raw-http';

// API answers go through the compression middleware with its defaults (app.ts): Brotli or gzip as
// the client offers, compressed from 1 KB, sent as they are below it. They carry no ETag (hashing
// every body bought nothing).

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  server = t.app.httpServer.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** The deposit wallets with their QR codes: a REST answer well over 1 KB. */
const WALLETS = '/api/wallets?exchange=TW';

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

  it('are sent in Brotli to a client that offers it, with Vary: Accept-Encoding', async () => {
    const plain = await rawRequest(port, WALLETS);
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawRequest(port, WALLETS, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    const gzip = await rawRequest(port, WALLETS, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
  });

  it('are sent as they are to clients that accept no coding, and HEAD gets no body', async () => {
    for (const encoding of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const res = await rawRequest(port, WALLETS, encoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding'); // the answer depends on the header
      expect(JSON.parse(res.body.toString('utf8')).data.length).toBeGreaterThan(0);
    }
    const head = await rawRequest(port, WALLETS, 'gzip, br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it('carry no ETag, over GraphQL and REST', async () => {
    expect((await t.gql('{ plans { id } }')).headers.etag).toBeUndefined();
    const rest = await t.http.get('/api/plans');
    expect(rest.status).toBe(200);
    expect(rest.headers.etag).toBeUndefined();
  });
});
