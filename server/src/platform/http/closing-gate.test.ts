import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../../test/harness';
import { untilBlockedBy } from '../../test/row-locks';
import { RESTARTING_MESSAGE } from './closing-gate';

// Issue 11: once an instance closes, a request arriving on a kept-alive socket is answered 503 +
// Connection: close before any work (REST and GraphQL shapes), and a request already running
// finishes with Connection: close. The spawned-process drain (shutdown.test.ts) relies on both.

const ADDRESS = 'bc1qclosinggateaddress0001';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  await new Promise<void>((resolve) => t.app.httpServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(t.app.httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  t.app.httpServer.closeAllConnections();
  await new Promise((resolve) => t.app.httpServer.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  reusedSocket: boolean;
}

/** One request through `agent`; says whether it went over a kept-alive socket. */
function send(agent: http.Agent, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: JSON.parse(text),
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const withdrawal = { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '10', wallet: ADDRESS };

it('refuses new requests on kept-alive sockets before any work, and lets the running one finish', async () => {
  const { user, token } = await t.createUser();
  await t.fund(user.id, '500');
  await t.services.ds.query(
    `UPDATE account SET bitcoin_address = $2, bitcoin_address_usable_from = now() - interval '1 day' WHERE user_id = $1`,
    [user.id, ADDRESS],
  );
  const [rest, graphql, running] = [1, 2, 3].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  expect((await send(rest, 'GET', '/healthz')).status).toBe(200);
  expect((await send(graphql, 'GET', '/healthz')).status).toBe(200);

  // A withdrawal in flight when the instance closes: blocked on its account row, held here.
  const holder = new Client({ connectionString: process.env.CRYPTOVEST_TEST_DB_URL });
  await holder.connect();
  let inFlight: Promise<Answer>;
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM account WHERE user_id = $1 FOR UPDATE', [user.id]);
    inFlight = send(running, 'POST', '/api/transaction/create', withdrawal, token);
    await untilBlockedBy(holder);
    expect(t.app.inFlight()).toBe(1);

    t.app.setClosing();

    const refused = await send(rest, 'POST', '/api/transaction/create', withdrawal, token);
    expect(refused).toMatchObject({
      status: 503,
      reusedSocket: true,
      headers: { connection: 'close', 'retry-after': '1' },
      body: { errors: [{ error: RESTARTING_MESSAGE, code: 'UNAVAILABLE' }] },
    });
    const refusedGql = await send(graphql, 'POST', '/graphql', { query: '{ me { id } }' }, token);
    expect(refusedGql).toMatchObject({
      status: 503,
      reusedSocket: true,
      headers: { connection: 'close' },
      body: { errors: [{ message: RESTARTING_MESSAGE, extensions: { code: 'UNAVAILABLE' } }] },
    });
  } finally {
    await holder.query('ROLLBACK');
    await holder.end();
  }

  const finished = await inFlight;
  expect(finished).toMatchObject({ status: 201, headers: { connection: 'close' } });
  // Only the request that was running changed anything.
  const rows: { id: string }[] = await t.services.ds.query(`SELECT id FROM "transaction" WHERE user_id = $1`, [
    user.id,
  ]);
  expect(rows.map((r) => r.id)).toEqual([(finished.body as { data: { id: string } }).data.id]);
  expect(t.app.inFlight()).toBe(0);
  for (const agent of [rest, graphql, running]) agent.destroy();
});
