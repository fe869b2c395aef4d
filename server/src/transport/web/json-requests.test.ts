import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from '../../test/harness';
import { queriesOf } from '../../test/statements';

// JSON request bodies are read by express.json() (body-parser, strict, BODY_LIMIT) on /graphql and
// /api (app.ts). Over real HTTP: what each kind of body is answered with in each API shape, bodies
// that arrive in pieces or not at all, and the request's async scope kept past the body (raw-body
// keeps it: the statements a request ran are still counted).

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

/** What the app answered, and the statements the request ran (Server-Timing). */
interface Sent {
  status: number;
  body: unknown;
  queries: number;
}

/** POSTs `body` (raw, with its Content-Length) to `path` as `type`, written in `parts` pieces. */
function send(path: string, body: string, parts = 1, type = 'application/json'): Promise<Sent> {
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
    // Each piece once the previous one is written (no fixed wait).
    const writeFrom = (at: number): void => {
      if (at + size >= raw.length) return void req.end(raw.subarray(at));
      req.write(raw.subarray(at, at + size), () => setImmediate(() => writeFrom(at + size)));
    };
    writeFrom(0);
  });
}

/** As send, without the statement count. */
const post = (path: string, body: string, parts = 1, type?: string) =>
  send(path, body, parts, type).then(({ status, body: answer }) => ({ status, body: answer }));

const QUERY = JSON.stringify({ query: '{ plans { name } }' });
const PLANS = { data: { plans: [{ name: 'Starter' }, { name: 'Premium' }, { name: 'Gold' }, { name: 'Platinum' }] } };
const MALFORMED_GRAPHQL = {
  status: 400,
  body: { errors: [{ message: 'Malformed JSON in request body', extensions: { code: 'BAD_REQUEST' } }] },
};
const MALFORMED_REST = {
  status: 400,
  body: { errors: [{ error: 'Malformed JSON in request body', code: 'BAD_REQUEST' }] },
};
/** The login's own validation: the body was read (as an object without usable fields). */
const LOGIN_REFUSED = {
  status: 422,
  body: {
    errors: [
      { error: 'Invalid email', code: 'VALIDATION', field: 'email' },
      { error: 'password length should be a 8 or more', code: 'VALIDATION', field: 'password' },
    ],
  },
};
const READ = { graphql: { status: 200, body: PLANS }, rest: LOGIN_REFUSED };
const MALFORMED = { graphql: MALFORMED_GRAPHQL, rest: MALFORMED_REST };

/** A body, and what /graphql and /api/user/login answer to it. */
const BODIES: [string, string, { graphql: unknown; rest: unknown }][] = [
  ['a GraphQL request', QUERY, READ],
  ['leading whitespace', `\n\t ${QUERY}`, READ],
  ['a byte order mark', `\ufeff${QUERY}`, READ],
  ['non-ASCII text', JSON.stringify({ query: '{ plans { name } } # prüfung ✓ 日本' }), READ],
  ['malformed JSON', '{"query": ', MALFORMED],
  // Strict: only an object or an array is a body.
  ['a bare string', '"{ plans { name } }"', MALFORMED],
  ['a number', '42', MALFORMED],
  ['null', 'null', MALFORMED],
  [
    'an array',
    `[${QUERY}]`,
    {
      graphql: {
        status: 400,
        body: { errors: [{ message: 'Operation batching disabled.', extensions: { code: 'BAD_REQUEST' } }] },
      },
      rest: { status: 400, body: { errors: [{ error: 'Request body must be a JSON object', code: 'BAD_REQUEST' }] } },
    },
  ],
];

describe('JSON request bodies', () => {
  it.each(BODIES)('%s over GraphQL and REST', async (_label, body, expected) => {
    expect(await post('/graphql', body)).toEqual(expected.graphql);
    expect(await post('/api/user/login', body)).toEqual(expected.rest);
  });

  it('reads the Content-Type as HTTP does: a charset parameter, quoted or not, is the same JSON', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="utf-8"', 'Application/JSON'])
      expect(await post('/graphql', QUERY, 1, type)).toEqual({ status: 200, body: PLANS });
  });

  it('reads a body that arrives in several pieces', async () => {
    const res = await post('/graphql', JSON.stringify({ query: '{ plans { name } }', pad: 'x'.repeat(50_000) }), 5);
    expect(res).toEqual({ status: 200, body: PLANS });
  });

  it("keeps the request's scope past the body: its statements are counted, however the body came", async () => {
    const login = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const whole = await send('/api/user/login', login);
    expect(whole.queries).toBeGreaterThan(0);
    expect(await send('/api/user/login', login, 4)).toEqual(whole);
  });

  it('answers malformed JSON with 400 in each API shape', async () => {
    expect(await post('/graphql', '{oops')).toEqual(MALFORMED_GRAPHQL);
    expect(await post('/api/user/login', '{oops')).toEqual(MALFORMED_REST);
  });

  it('survives a client that leaves in the middle of its body, and answers the next one', async () => {
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 1000 },
      });
      req.on('error', () => resolve());
      req.write('{"query": "{ pla', () => setImmediate(() => req.destroy()));
      req.on('close', () => resolve());
    });
    expect(await post('/graphql', QUERY)).toEqual({ status: 200, body: PLANS });
  });
});
