import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { Account } from '../modules/account/account.entity';
import { LedgerReason } from '../modules/ledger/ledger-entry.entity';
import { applyLedger } from '../modules/ledger/apply-ledger';
import { TokenService } from '../modules/identity/token.service';
import { within } from '../test/live-test-client';
import { User, UserType } from '../modules/user/user.entity';
import { createEmptyDatabase, SPAWN_JWT_SECRET, spawnServer, statusOf, type SpawnedServer } from '../test/spawn-server';
import { untilBlockedBy } from '../test/row-locks';
import { RESTARTING_MESSAGE } from '../platform/http/closing-gate';

// Issue 11: a SIGTERM in the middle of money requests. Every withdrawal the database committed got
// its 201; every request that got no answer or a 503 changed nothing; the balancer saw /readyz 503
// while the instance still served; and a request stuck past the drain timeout is rolled back.

const ADDRESS = 'bc1qdrainingserveraddress01';
const CLIENTS = 30;
/** SIGTERM goes out once this many withdrawals were answered 201 (mid-load, not after a sleep). */
const SIGTERM_AFTER = 120;

let db: { url: string; drop(): Promise<void> };
let ds: DataSource;
let tokens: TokenService;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  db = await createEmptyDatabase();
  // The first server migrates the fresh database; the tests' data goes in once it is ready.
  servers.push(
    await spawnServer({ DATABASE_URL: db.url, SHUTDOWN_DELAY_MS: '300', SHUTDOWN_DRAIN_TIMEOUT_MS: '5000' }),
  );
  ds = await createDataSource(db.url).initialize();
  tokens = new TokenService({ jwtSecret: SPAWN_JWT_SECRET, jwtSecretsPrevious: [], jwtTtlMinutes: 60 }, ds);
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await ds?.destroy();
  await db?.drop();
});

/** A verified investor with money and a withdrawal address that has cooled down, and a session token. */
async function investor(): Promise<{ userId: string; token: string }> {
  const users = ds.getRepository(User);
  const { id } = await users.save(
    users.create({
      fullName: 'Drain Test',
      email: `drain-${randomBytes(5).toString('hex')}@example.test`,
      country: 'GB',
      passwordHash: 'not-used-tokens-are-signed-directly',
      type: UserType.INVESTOR,
      emailVerifiedAt: new Date(),
    }),
  );
  await ds.transaction(async (m) => {
    await m.getRepository(Account).insert({
      userId: id,
      bitcoinAddress: ADDRESS,
      bitcoinAddressUsableFrom: new Date(Date.now() - 86_400_000),
    });
    const account = await m.getRepository(Account).findOneByOrFail({ userId: id });
    await applyLedger(m, account.id, [{ bucket: 'balance', delta: '1000000' }], {
      reason: LedgerReason.ADMIN_ADJUSTMENT,
      note: 'drain test funding',
    });
  });
  return { userId: id, token: await tokens.issue(await users.findOneByOrFail({ id })) };
}

/** What one withdrawal request got: an answer (status, headers, body) or the socket error. */
interface Outcome {
  status: number | null;
  connection?: string;
  body?: { data?: { id: string }; errors?: unknown };
  error?: string;
  at: number;
}

/** POST /api/transaction/create (a withdrawal of the smallest amount, $10) through `agent`. */
function withdraw(base: string, agent: http.Agent, token: string): Promise<Outcome> {
  const payload = JSON.stringify({ trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '10', wallet: ADDRESS });
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/api/transaction/create`,
      {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: Outcome['body'];
          try {
            body = JSON.parse(text);
          } catch {
            body = { errors: text };
          }
          resolve({ status: res.statusCode ?? null, connection: res.headers.connection, body, at: Date.now() });
        });
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ status: null, error: err.code ?? err.message, at: Date.now() }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: null, error: err.code ?? err.message, at: Date.now() }),
    );
    req.end(payload);
  });
}

/** Withdrawal rows committed per user. */
async function committed(): Promise<Map<string, Set<string>>> {
  const rows: { id: string; user_id: string }[] = await ds.query(
    `SELECT id, user_id FROM "transaction" WHERE trx_type = 'WITHDRAWAL'`,
  );
  const byUser = new Map<string, Set<string>>();
  for (const r of rows) byUser.set(r.user_id, (byUser.get(r.user_id) ?? new Set()).add(r.id));
  return byUser;
}

it('SIGTERM under keep-alive load: every committed withdrawal was answered, nothing else changed, exit 0', async () => {
  const server = servers[0];
  const people = await Promise.all(Array.from({ length: CLIENTS }, () => investor()));
  const outcomes = new Map<string, Outcome[]>(people.map((p) => [p.userId, []]));
  const readyz: { status: number | null; at: number }[] = [];
  let created = 0;
  let sigtermAt = 0;

  /** /readyz on fresh connections, as a balancer probes, until the port refuses. */
  const probe = async () => {
    for (;;) {
      const status = await statusOf(`${server.base}/readyz`, 1000);
      readyz.push({ status, at: Date.now() });
      if (status === null) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  let probing: Promise<void> = Promise.resolve();

  /** One keep-alive client (one socket) sending withdrawals until its connection is refused. */
  const client = async ({ userId, token }: { userId: string; token: string }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 500; i++) {
        const o = await withdraw(server.base, agent, token);
        outcomes.get(userId)!.push(o);
        if (o.status === 201 && ++created === SIGTERM_AFTER) {
          sigtermAt = Date.now();
          server.child.kill('SIGTERM');
          probing = probe();
        }
        // Refused: the port is closed. Any answer but 201/503 ends the run (the assertions show it).
        if (o.error === 'ECONNREFUSED' || (o.status !== null && o.status !== 201 && o.status !== 503)) return;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(people.map(client));
  await probing;

  expect(sigtermAt).toBeGreaterThan(0);
  const all = [...outcomes.values()].flat();
  // Answers were 201, or the restart 503 (+ Connection: close, before any work); nothing else.
  for (const o of all.filter((o) => o.status !== null && o.status !== 201)) {
    expect(o).toMatchObject({
      status: 503,
      connection: 'close',
      body: { errors: [{ error: RESTARTING_MESSAGE, code: 'UNAVAILABLE' }] },
    });
  }
  expect(await server.exited).toBe(0);
  // The database holds exactly the withdrawals that were answered 201, per user: no request that
  // went unanswered (or got 503) committed anything.
  const rows = await committed();
  for (const { userId } of people) {
    const answered = outcomes
      .get(userId)!
      .filter((o) => o.status === 201)
      .map((o) => o.body!.data!.id);
    expect([...(rows.get(userId) ?? [])].sort()).toEqual(answered.sort());
  }

  expect(server.output()).not.toMatch(/drain timed out/);

  // Every client kept sending until its connection was refused (the port closed).
  for (const list of outcomes.values()) expect(list[list.length - 1].error).toBe('ECONNREFUSED');
  // Requests still running when the instance closed finished, and told the client to go.
  expect(all.some((o) => o.status === 201 && o.connection === 'close')).toBe(true);

  // The balancer saw 503 before the port closed, while requests were still being served.
  const firstDraining = readyz.find((r) => r.status === 503);
  expect(firstDraining).toBeDefined();
  expect(readyz[readyz.length - 1].status).toBeNull();
  expect(all.some((o) => o.status === 201 && o.at > firstDraining!.at)).toBe(true);
}, 120_000);

it('a request still running at the drain timeout is cut and rolled back, and the exit is still 0', async () => {
  const server = await spawnServer({ DATABASE_URL: db.url, SHUTDOWN_DRAIN_TIMEOUT_MS: '1000' });
  servers.push(server);
  const { userId, token } = await investor();

  // Hold the investor's account row: the withdrawal blocks on its own FOR UPDATE.
  const holder = new Client({ connectionString: db.url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM account WHERE user_id = $1 FOR UPDATE', [userId]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slow = withdraw(server.base, agent, token);
    // The withdrawal must block on the held row; one that answers first would leave nothing to cut.
    let answered: Outcome | undefined;
    void slow.then((outcome) => (answered = outcome));
    await untilBlockedBy(holder, () =>
      answered
        ? `the withdrawal answered before it blocked: ${JSON.stringify(answered)}\n${server.output()}`
        : undefined,
    );

    server.child.kill('SIGTERM');
    // The drain is cut after 1 s; a server still running 30 s later fails here, with its log.
    const exit = await within(server.exited, 30_000, 'exit after SIGTERM').catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
    expect(exit).toBe(0);
    expect((await slow).status).toBeNull();
    expect(server.output()).toMatch(/drain timed out: 1 request\(s\) cut/);
    agent.destroy();
  } finally {
    await holder.query('ROLLBACK');
    await holder.end();
  }

  // The cut request's transaction is over (its backend finds the client gone once it gets the
  // lock) and nothing it started was committed.
  for (;;) {
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
    );
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect((await committed()).get(userId)).toBeUndefined();
}, 120_000);
