import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type request from 'supertest';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { AppError, ErrorCode } from '../kernel/errors';
import { PlanService } from '../modules/plan/plan.service';
import { WalletService } from '../modules/wallet/wallet.service';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { startOwnPostgres, type OwnPostgres } from '../test/own-postgres';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { testConfig } from '../test/test-config';
import { connectAndMigrate, createDataSource } from '../composition/data-source';
import { infrastructureCause } from './infrastructure-errors';

// Small bounds so a frozen database costs ~2 s per request (statement 1 s + 1 s client margin).
const TIMEOUTS = { DB_STATEMENT_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '500' };
// Long enough for every phase, short enough to catch a request that hangs for the whole stall.
const PHASE_TIMEOUT_MS = 45_000;

let pg: OwnPostgres;
let dbUrl: string;
let smtp: SmtpSink;
let t: TestApp;
let investor: { id: string; email: string; token: string };
let plan: { id: string; minAmount: string };

beforeAll(async () => {
  // The test's own PostgreSQL: it is stopped and frozen below, never the shared cluster.
  pg = await startOwnPostgres();
  dbUrl = await pg.createDatabase();
  const ds = createDataSource(dbUrl);
  try {
    await connectAndMigrate(ds);
    await new PlanService(ds).ensureSeeded();
    await new WalletService(ds).loadFromFile(testConfig(dbUrl).walletsFile);
  } finally {
    await ds.destroy();
  }
  smtp = await startSmtpSink();
  t = await startTestApp({ ...TIMEOUTS, SMTP_URL: smtp.url }, { databaseUrl: dbUrl });
  const { user, token } = await t.createUser();
  investor = { id: user.id, email: user.email, token };
  [plan] = (await t.http.get('/api/plans').expect(200)).body.data;
}, 120_000);

afterAll(async () => {
  pg?.thaw();
  await t?.close();
  await smtp?.close();
  await pg?.dispose();
});

const tag = () => randomBytes(5).toString('hex');
const bearer = () => `Bearer ${investor.token}`;

/** What the issue measured: the public forms, public and signed-in reads, GraphQL both ways, a deposit. */
const REQUESTS: Record<string, { graphql: boolean; send: () => request.Test }> = {
  login: {
    graphql: false,
    send: () => t.http.post('/api/user/login').send({ email: investor.email, password: TEST_PASSWORD }),
  },
  register: {
    graphql: false,
    send: () =>
      t.http.post('/api/user/create').send({
        fullName: 'Ada Lovelace',
        email: `outage-${tag()}@example.test`,
        country: 'GB',
        password: 'pass-word-1',
      }),
  },
  contact: {
    graphql: false,
    send: () =>
      t.http
        .post('/api/contact')
        .send({ name: 'Alan Turing', email: `outage-${tag()}@example.test`, message: 'Please call me back tomorrow.' }),
  },
  plans: { graphql: false, send: () => t.http.get('/api/plans') },
  user: { graphql: false, send: () => t.http.get('/api/user').set('authorization', bearer()) },
  'graphql as guest': { graphql: true, send: () => t.gql('{ plans { id } }') },
  'graphql signed in': { graphql: true, send: () => t.gql('{ me { id } }', undefined, investor.token) },
  account: { graphql: false, send: () => t.http.get('/api/account').set('authorization', bearer()) },
  'graphql account': {
    graphql: true,
    send: () => t.gql('{ account { balance available } }', undefined, investor.token),
  },
  deposit: {
    graphql: false,
    send: () =>
      t.http
        .post('/api/transaction/create')
        .set('authorization', bearer())
        .send({
          trxType: 'DEPOSIT',
          planId: plan.id,
          crypto: 'bitcoin',
          amount: plan.minAmount,
          transactionId: `outage-${tag()}`,
        }),
  },
};

/** Requests answered from what the instance keeps in memory while it listens: plans, callers, own ledger reads. */
const FROZEN_BUT_KEPT = ['plans', 'user', 'graphql signed in', 'account', 'graphql account'];

/**
 * Sends every request at once; each must answer 503 + Retry-After with the UNAVAILABLE code. Those
 * named in `mayServeFromMemory` (kept in memory while the instance listens) may instead be served:
 * whether the instance noticed a frozen server yet depends on when its LISTEN probe ran, and
 * either answer is prompt and right.
 */
async function expectAllUnavailable(mayServeFromMemory: string[] = []): Promise<void> {
  const names = Object.keys(REQUESTS);
  const answers = await Promise.all(names.map((name) => REQUESTS[name].send()));
  const seen = answers.map((res, i) => {
    const unavailable = {
      name: names[i],
      status: res.status,
      retryAfter: res.headers['retry-after'],
      code: REQUESTS[names[i]].graphql ? res.body.errors?.[0]?.extensions?.code : res.body.errors?.[0]?.code,
    };
    const served = res.status === 200 && res.body.data != null && !res.body.errors;
    return mayServeFromMemory.includes(names[i]) && served
      ? { ...unavailable, status: 503, retryAfter: '5', code: 'UNAVAILABLE' } // served from memory: fine
      : unavailable;
  });
  expect(seen).toEqual(names.map((name) => ({ name, status: 503, retryAfter: '5', code: 'UNAVAILABLE' })));
}

/** Waits (bounded) until the instance noticed its LISTEN connection is gone. */
async function untilNotListening(): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (t.app.live.listener.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(t.app.live.listener.listening).toBe(false);
}

/** Sends every request at once; each must succeed (2xx, GraphQL data without errors). */
async function expectAllServed(): Promise<void> {
  const names = Object.keys(REQUESTS);
  const answers = await Promise.all(names.map((name) => REQUESTS[name].send()));
  const seen = answers.map((res, i) => ({
    name: names[i],
    ok: res.status >= 200 && res.status < 300 && !res.body.errors,
  }));
  expect(seen).toEqual(names.map((name) => ({ name, ok: true })));
}

/** /readyz answers (the request completes) and says whether the database check passed. */
async function readiness(): Promise<{ status: number; database: string }> {
  const res = await t.http.get('/readyz');
  return { status: res.status, database: res.body.checks?.database };
}

describe('database down', () => {
  it(
    'answers 503 UNAVAILABLE with Retry-After on every path (never 429 or 500), and recovers without a restart',
    async () => {
      await expectAllServed();
      await pg.stop();
      try {
        // The plans kept in memory go with the LISTEN connection: from now on they are read, and fail.
        await untilNotListening();
        await expectAllUnavailable();
        expect(await readiness()).toEqual({ status: 503, database: 'failing' });
      } finally {
        await pg.start();
      }
      await expectAllServed();
      expect(await readiness()).toEqual({ status: 200, database: 'ok' });
    },
    PHASE_TIMEOUT_MS,
  );
});

describe('database frozen', () => {
  it(
    'answers 503 within the timeouts instead of hanging for the stall, and /readyz says 503',
    async () => {
      pg.freeze();
      try {
        // More queries than the pool has connections: /readyz must not queue behind them.
        const holders = Array.from({ length: 12 }, () => t.services.ds.query('SELECT 1').catch((err) => err));
        const ready = await readiness();
        expect(ready.status).toBe(503);
        expect(['timeout', 'failing']).toContain(ready.database);
        expect((await Promise.all(holders)).map((err) => infrastructureCause(err) !== null)).toEqual(
          holders.map(() => true),
        );
        // The plans and the signed-in caller's own row may still be served from memory (a frozen
        // server sends no change) until the LISTEN connection's probe gives up on it; then they
        // fail like the rest.
        await expectAllUnavailable(FROZEN_BUT_KEPT);
        // A second round finds no idle connection to reuse: new ones must time out too.
        await expectAllUnavailable(FROZEN_BUT_KEPT);
      } finally {
        pg.thaw();
      }
      await expectAllServed();
      expect(await readiness()).toEqual({ status: 200, database: 'ok' });
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'drops a connection whose query outlived query_timeout, so no later request joins its half-done transaction',
    async () => {
      const key = `outage-test:${tag()}`;
      const attempt = t.services.ds.transaction(async (m) => {
        await m.query(`INSERT INTO budget (key, used, window_ends) VALUES ($1, 1, now() + interval '1 hour')`, [key]);
        pg.freeze();
        await m.query('SELECT 1');
      });
      try {
        await expect(attempt).rejects.toThrow('Query read timeout');
      } finally {
        pg.thaw();
      }
      // Every pooled connection is used again after the thaw.
      await Promise.all(Array.from({ length: 10 }, () => t.services.ds.query('SELECT 1')));

      const admin = new Client({ connectionString: dbUrl });
      await admin.connect();
      try {
        const stuck = async () =>
          (
            await admin.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND application_name = 'cryptovest'
                  AND state LIKE 'idle in transaction%'`,
            )
          ).rows[0].n;
        // A dropped connection's backend rolls back as soon as it runs again; a reused one never would.
        for (let i = 0; i < 30 && (await stuck()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
        expect(await stuck()).toBe(0);
        await t.services.ds.transaction((m) => m.query('SELECT 1'));
        const kept = await admin.query(`SELECT 1 FROM budget WHERE key = $1`, [key]);
        expect(kept.rowCount).toBe(0);
      } finally {
        await admin.end();
      }
    },
    PHASE_TIMEOUT_MS,
  );
});

describe('a statement over DB_STATEMENT_TIMEOUT_MS', () => {
  it(
    'is cancelled by the server and answers 503 on REST and GraphQL (errors raised while resolving)',
    async () => {
      const locker = new Client({ connectionString: dbUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE account IN ACCESS EXCLUSIVE MODE');
        // The server itself cancels (SQLSTATE 57014): the connection stays healthy for the next request.
        await expect(t.services.ds.query('SELECT count(*) FROM account')).rejects.toMatchObject({ code: '57014' });
        // The account as earlier phases kept it would be answered from memory: read it again.
        t.services.ownLedger.forget(investor.id);
        const [rest, signedIn] = await Promise.all([
          t.http.get('/api/account').set('authorization', bearer()),
          t.gql('{ me { id } account { balance } }', undefined, investor.token),
        ]);
        expect([rest.status, rest.headers['retry-after'], rest.body.errors?.[0]?.code]).toEqual([
          503,
          '5',
          'UNAVAILABLE',
        ]);
        expect([signedIn.status, signedIn.headers['retry-after']]).toEqual([503, '5']);
        expect(signedIn.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
          'UNAVAILABLE',
        ]);
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      await t.http.get('/api/account').set('authorization', bearer()).expect(200);
    },
    PHASE_TIMEOUT_MS,
  );
});

describe('infrastructureCause', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('recognises connection failures, unavailable servers and timeouts, also wrapped by TypeORM', () => {
    expect(infrastructureCause(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(infrastructureCause(new Error('Connection terminated unexpectedly'))).toMatch(/^Connection terminated/);
    expect(infrastructureCause(new Error('timeout exceeded when trying to connect'))).not.toBeNull();
    expect(infrastructureCause(new QueryFailedError('SELECT 1', [], new Error('Query read timeout')))).toBe(
      'Query read timeout',
    );
    expect(infrastructureCause(new AggregateError([withCode('x', 'ECONNREFUSED')]))).toBe('ECONNREFUSED');
    // The connection under a transaction died: TypeORM released the runner before the COMMIT.
    expect(infrastructureCause(new QueryRunnerAlreadyReleasedError())).toBe('QueryRunnerAlreadyReleasedError');
    expect(infrastructureCause(new QueryRunnerProviderAlreadyReleasedError())).toBe(
      'QueryRunnerProviderAlreadyReleasedError',
    );
    for (const code of ['08006', '53300', '57P01', '57P03', '57014', '40001', '40P01']) {
      expect(infrastructureCause(new QueryFailedError('SELECT 1', [], withCode('refused', code)))).toBe(code);
    }
  });

  it('leaves input errors, constraint violations, AppErrors and bugs alone', () => {
    for (const err of [
      withCode('invalid input syntax', '22P02'),
      withCode('duplicate key', '23505'),
      new AppError(ErrorCode.RATE_LIMITED, 'Too many attempts'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      null,
    ]) {
      expect(infrastructureCause(err)).toBeNull();
    }
  });
});
