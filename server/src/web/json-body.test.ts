import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from '../test/harness';
import { queriesOf } from '../test/statements';

// Issue 16: JSON bodies of known length are read without body-parser's stream machinery
// (web/json-body.ts). Its answers must stay body-parser's: every body below is sent once down the
// lean path (Content-Type exactly application/json) and once down body-parser's (the same type
// with a quoted charset, which only body-parser reads), and the two answers must be equal.

let t: TestApp;
let server: http.Server;
beforeAll(async () => {
  t = await startTestApp({ SERVER_TIMING: 'true' });
  server = t.app.httpServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const LEAN = 'application/json';
const BODY_PARSER = 'application/json; charset="utf-8"';

/** POSTs `body` (raw) to `path` with `type`, written in `parts` pieces; answers status and JSON. */
function post(path: string, type: string, body: string, parts = 1): Promise<{ status: number; body: unknown }> {
  return send(path, type, body, parts).then(({ status, body: answer }) => ({ status, body: answer }));
}

/** What the app answered, and the statements the request ran (Server-Timing). */
interface Sent {
  status: number;
  body: unknown;
  queries: number;
}

/** As post, with the statements the request ran. */
function send(path: string, type: string, body: string, parts = 1): Promise<Sent> {
  const raw = Buffer.from(body, 'utf8');
  const { port } = server.address() as AddressInfo;
  return new Promise<Sent>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': type, 'content-length': raw.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: JSON.parse(Buffer.concat(chunks).toString()) as unknown,
            queries: queriesOf(res.headers['server-timing'] as string | undefined),
          }),
        );
      },
    );
    req.on('error', reject);
    const size = Math.ceil(raw.length / parts);
    const writeFrom = (at: number): void => {
      if (at + size >= raw.length) return void req.end(raw.subarray(at));
      req.write(raw.subarray(at, at + size), () => setImmediate(() => writeFrom(at + size)));
    };
    writeFrom(0);
  });
}

const QUERY = JSON.stringify({ query: '{ plans { name } }' });
const BODIES: [string, string][] = [
  ['a GraphQL request', QUERY],
  ['leading whitespace', `\n\t ${QUERY}`],
  ['a byte order mark', `\ufeff${QUERY}`],
  ['non-ASCII text', JSON.stringify({ query: '{ plans { name } } # prüfung ✓ 日本' })],
  ['malformed JSON', '{"query": '],
  ['a bare string', '"{ plans { name } }"'],
  ['a number', '42'],
  ['null', 'null'],
  ['an array', `[${QUERY}]`],
];

describe('JSON bodies read without body-parser answer as body-parser does', () => {
  it.each(BODIES)('%s over GraphQL', async (_label, body) => {
    const lean = await post('/graphql', LEAN, body);
    expect(lean).toEqual(await post('/graphql', BODY_PARSER, body));
    expect(lean.status).not.toBe(500);
  });

  it.each(BODIES)('%s over REST', async (_label, body) => {
    const lean = await post('/api/user/login', LEAN, body);
    expect(lean).toEqual(await post('/api/user/login', BODY_PARSER, body));
  });

  it('reads a body that arrives in several pieces', async () => {
    const res = await post(
      '/graphql',
      LEAN,
      JSON.stringify({ query: '{ plans { name } }', pad: 'x'.repeat(50_000) }),
      5,
    );
    expect(res.status).toBe(200);
    expect((res.body as { data: { plans: unknown[] } }).data.plans).toHaveLength(4);
  });

  it("keeps the request's scope past the body: its statements are counted as body-parser's are", async () => {
    const login = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const lean = await send('/api/user/login', LEAN, login);
    expect(lean.queries).toBeGreaterThan(0);
    expect(lean).toEqual(await send('/api/user/login', BODY_PARSER, login));
  });

  it('answers malformed JSON with 400 in each API shape', async () => {
    expect(await post('/graphql', LEAN, '{oops')).toEqual({
      status: 400,
      body: { errors: [{ message: 'Malformed JSON in request body', extensions: { code: 'BAD_REQUEST' } }] },
    });
    expect(await post('/api/user/login', LEAN, '{oops')).toEqual({
      status: 400,
      body: { errors: [{ error: 'Malformed JSON in request body', code: 'BAD_REQUEST' }] },
    });
  });

  it('survives a client that leaves in the middle of its body, and answers the next one', async () => {
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: { 'content-type': LEAN, 'content-length': 1000 },
      });
      req.on('error', () => resolve());
      req.write('{"query": "{ pla', () => setImmediate(() => req.destroy()));
      req.on('close', () => resolve());
    });
    expect((await post('/graphql', LEAN, QUERY)).status).toBe(200);
  });
});
