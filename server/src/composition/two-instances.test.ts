import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy';
import { until } from '../test/live-test-client';
import { totpCode } from '../test/second-factor';
import { CODE_IN_MAIL, startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createEmptyDatabase, spawnServer, type SpawnedServer } from '../test/spawn-server';
import type { FreshDatabase } from '../test/test-database';
import { tinyPng } from '../test/test-images';

/**
 * Issue 15: two server processes on one database behind a round-robin balancer, and every step
 * of the investor's and the admin's journeys works whichever instance answers. The balancer
 * alternates strictly, so consecutive requests land on different instances: what one instance
 * wrote (a verification code, an uploaded proof, an enrolment ticket, a revoked token) is read by
 * the other. PostgreSQL is the only thing they share (UPLOAD_STORAGE=postgres, the default).
 */

const ADMIN = { email: 'admin@two-instances.test', password: 'two-instances-admin-pw' };
const INVESTOR_PASSWORD = 'investor-pass-1';
/** Failed sign-ins allowed per account and address (RATE_LIMIT_LOGIN_FAILURES). */
const LOGIN_FAILURES = 6;

let db: FreshDatabase;
let smtp: SmtpSink;
let servers: SpawnedServer[] = [];
let lb: RoundRobinProxy;
beforeAll(async () => {
  [db, smtp] = await Promise.all([createEmptyDatabase(), startSmtpSink()]);
  const env = {
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    // Secrets every instance must share (spawnServer gives both the same JWT_SECRET): without
    // this one each would derive its own from its data directory and not read the other's secrets.
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PRICE_FEED_URL: 'off',
    RATE_LIMIT_LOGIN_FAILURES: String(LOGIN_FAILURES),
  };
  // Started together on an empty database: one migrates, the other waits its turn.
  servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  lb = await startRoundRobinProxy(servers.map((s) => s.base));
}, 120_000);
afterAll(async () => {
  await lb?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all([smtp?.close(), db?.drop()]);
});

/** One answer through the balancer (or straight to an instance), with which instance served it. */
interface Answer {
  status: number;
  body: { data?: unknown; errors?: unknown[] } & Record<string, unknown>;
  backend: number;
  bytes: Buffer;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  {
    token,
    json,
    form,
    base = lb.base,
    idempotencyKey,
  }: { token?: string; json?: unknown; form?: FormData; base?: string; idempotencyKey?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return {
    status: res.status,
    body: isJson ? JSON.parse(bytes.toString('utf8')) : {},
    backend: Number(res.headers.get('x-backend') ?? -1),
    bytes,
    headers: res.headers,
  };
}

const data = <T>(answer: Answer) => answer.body.data as T;

it('runs the investor and admin journeys through two instances', async () => {
  // --- Investor: register (one instance mails the code), verify (the other checks it).
  const email = `investor-${randomBytes(4).toString('hex')}@two-instances.test`;
  const registered = await call('POST', '/api/user/create', {
    json: { fullName: 'Grace Hopper', email, country: 'US', password: INVESTOR_PASSWORD },
  });
  expect(registered.status).toBe(201);
  const code = await smtp.waitFor(email, CODE_IN_MAIL);
  const verified = await call('POST', '/api/auth/verify-email', { json: { email, otp: code } });
  expect(verified.status).toBe(200);
  expect(verified.backend).not.toBe(registered.backend);
  const investorToken = data<{ token: string }>(verified).token;

  // --- Deposit with a proof image: uploaded through one instance, served by the other.
  const png = tinyPng([12, 34, 56, 255]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  const uploaded = await call('POST', '/api/upload', { token: investorToken, form });
  expect(uploaded.status).toBe(201);
  const proof = data<{ id: string; url: string }>(uploaded);
  const seen = await call('GET', proof.url);
  expect(seen.status).toBe(200);
  expect(seen.backend).not.toBe(uploaded.backend);
  expect(seen.bytes.equals(png)).toBe(true);

  const plans = data<{ id: string; minAmount: string }[]>(await call('GET', '/api/plans'));
  const deposit = await call('POST', '/api/transaction/create', {
    token: investorToken,
    json: {
      trxType: 'DEPOSIT',
      planId: plans[0].id,
      crypto: 'bitcoin',
      amount: plans[0].minAmount,
      transactionId: randomBytes(32).toString('hex'),
      imageUrl: proof.url,
    },
  });
  expect(deposit.status).toBe(201);
  const depositId = data<{ id: string }>(deposit).id;
  // Saved before the deposit is confirmed, so usable at once (an address saved after money came in
  // waits WITHDRAWAL_ADDRESS_COOLDOWN_HOURS, issue 33).
  const wallet = 'bc1qgracehopper00000000000';
  const saved = await call('PUT', '/api/account', { token: investorToken, json: { wallet: { bitcoin: wallet } } });
  expect(saved.status).toBe(200);

  // --- Admin: password, then the authenticator set up across both instances, then the back office.
  const login = await call('POST', '/api/user/login', { json: ADMIN });
  expect(login.status).toBe(200);
  const enrolmentToken = data<{ token: string }>(login).token;
  const started = await call('POST', '/api/user/security/totp', { token: enrolmentToken });
  expect(started.status).toBe(201);
  const { secret } = data<{ secret: string }>(started);
  // The first factor of an admin needs the mailed enrolment code besides the password (issue 33).
  const sent = await call('POST', '/api/user/security/enrolment-code', { token: enrolmentToken });
  expect(sent.status).toBe(202);
  const enrolmentCode = await smtp.waitFor(ADMIN.email, /enrolment code: ([a-z2-9-]{19})/);
  const confirmed = await call('POST', '/api/user/security/totp/confirm', {
    token: enrolmentToken,
    json: { code: await totpCode(new Date(), 0, secret), enrolmentCode },
  });
  expect(confirmed.status).toBe(200);
  // The code one instance mailed is spent on the other.
  expect(confirmed.backend).not.toBe(sent.backend);
  const adminToken = data<{ token: string }>(confirmed).token;

  const pending = await call('GET', '/api/transaction/transactions?status=PENDING', { token: adminToken });
  expect(pending.status).toBe(200);
  const row = data<{ id: string; imageUrl: string }[]>(pending).find((t) => t.id === depositId);
  expect(row).toBeDefined();
  // The admin opens the proof (a fresh signed link from this instance) on whichever instance.
  for (let i = 0; i < 2; i++) {
    const opened = await call('GET', row!.imageUrl);
    expect(opened.status).toBe(200);
    expect(opened.bytes.equals(png)).toBe(true);
  }
  const confirmedDeposit = await call('PUT', `/api/transaction/${depositId}`, {
    token: adminToken,
    json: { status: 'CONFIRMED' },
  });
  expect(confirmedDeposit.status).toBe(200);

  // --- Investor: the confirmed deposit unlocks the signup bonus; withdraw part of it.
  const account = data<{ balance: string }>(await call('GET', '/api/account', { token: investorToken }));
  expect(Number(account.balance)).toBeGreaterThan(0);
  // Sent with an Idempotency-Key, and retried (the answer "lost"): the other instance replays it.
  const withdraw = () =>
    call('POST', '/api/transaction/create', {
      token: investorToken,
      idempotencyKey: 'two-instances-withdrawal-1',
      json: { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '40', wallet },
    });
  const withdrawal = await withdraw();
  expect([withdrawal.status, withdrawal.body]).toEqual([201, expect.anything()]);
  const retried = await withdraw();
  expect(retried.backend).not.toBe(withdrawal.backend);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  expect(retried.body).toEqual(withdrawal.body);
  const mine = data<{ id: string; trxType: string }[]>(
    await call('GET', '/api/transaction/all', { token: investorToken }),
  );
  expect(mine.map((t) => t.trxType).sort()).toEqual(['DEPOSIT', 'WITHDRAWAL']);

  // --- Password change on one instance revokes the old token on both. The instance that made the
  // change refuses it at once; the other as soon as its LISTEN connection hears the NOTIFY (its
  // cached caller row is dropped then), so that one is polled, bounded: the result is the same,
  // only when it arrives varies. From then on neither accepts it again.
  const changed = await call('PUT', '/api/user/password', {
    token: investorToken,
    json: { oldPassword: INVESTOR_PASSWORD, newPassword: 'investor-pass-2' },
  });
  expect(changed.status).toBe(200);
  const newToken = data<{ token: string }>(changed).token;
  const oldTokenOn = async (server: SpawnedServer) =>
    (await call('GET', '/api/user', { token: investorToken, base: server.base })).status;
  expect(await oldTokenOn(servers[changed.backend])).toBe(401);
  for (const server of servers) {
    await until(
      () => oldTokenOn(server),
      (status) => status === 401,
      5000,
    );
    expect(await oldTokenOn(server)).toBe(401);
    expect((await call('GET', '/api/user', { token: newToken, base: server.base })).status).toBe(200);
  }

  // Both instances served the journey.
  expect(new Set(lb.log.map((r) => r.backend))).toEqual(new Set([0, 1]));
}, 120_000);

it('runs each periodic task once across both instances, not once per instance', async () => {
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    // Both instances wrote the same pg-boss schedules (PRICE_FEED_URL=off: no price refresh).
    const { rows: schedules } = await c.query(`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
    expect(schedules).toEqual([
      { name: 'periodic.authChallenges.removeExpired', cron: '0 * * * *' },
      { name: 'periodic.budgets.removeExpired', cron: '0 * * * *' },
      { name: 'periodic.idempotency.removeExpired', cron: '0 * * * *' },
      { name: 'periodic.ledger.reconcile', cron: '*/15 * * * *' },
      { name: 'periodic.mail.requeueStranded', cron: '*/5 * * * *' },
      { name: 'periodic.overview.foldTotals', cron: '* * * * *' },
      { name: 'periodic.sessions.removeExpired', cron: '0 * * * *' },
      { name: 'periodic.settlement.settleDue', cron: '* * * * *' },
      { name: 'periodic.uploads.removeUnattached', cron: '0 * * * *' },
      { name: 'periodic.webhook.requeueStranded', cron: '*/5 * * * *' },
    ]);
    // Both run pg-boss's cron monitor; the sweep is due every minute, so it has been sent and run
    // (within about 40 s of the first start: a pass every 30 s, then two 5-second polls).
    const sweeps = async () =>
      (await c.query(`SELECT 1 FROM pgboss.job WHERE name = 'periodic.settlement.settleDue' AND state = 'completed'`))
        .rowCount;
    for (const deadline = Date.now() + 60_000; !(await sweeps());) {
      if (Date.now() > deadline) throw new Error('no settlement sweep ran');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // pg-boss sent each task at most once a minute, whatever the number of monitors, and every run
    // came from one send (a send still on its way may not have inserted its run yet).
    const { rows } = await c.query<{ name: string; sends: number; minutes: number; done: number; runs: number }>(
      `SELECT s.singleton_key AS name, count(*)::int AS sends, count(DISTINCT s.singleton_on)::int AS minutes,
              count(*) FILTER (WHERE s.state = 'completed')::int AS done,
              (SELECT count(*)::int FROM pgboss.job j WHERE j.name = s.singleton_key) AS runs
         FROM pgboss.job s WHERE s.name = '__pgboss__send-it' GROUP BY s.singleton_key`,
    );
    expect(rows.map((r) => r.name)).toContain('periodic.settlement.settleDue');
    for (const r of rows) {
      expect(r.minutes).toBe(r.sends);
      expect(r.runs).toBeGreaterThanOrEqual(r.done);
      expect(r.runs).toBeLessThanOrEqual(r.sends);
    }
  } finally {
    await c.end();
  }
}, 90_000);

it('counts failed sign-ins for an account across both instances (the lockout is shared)', async () => {
  const email = `locked-${randomBytes(4).toString('hex')}@two-instances.test`;
  expect(
    (
      await call('POST', '/api/user/create', {
        json: { fullName: 'Ada Lovelace', email, country: 'GB', password: 'right-password-1' },
      })
    ).status,
  ).toBe(201);
  const statuses: number[] = [];
  const backends = new Set<number>();
  for (let i = 0; i < LOGIN_FAILURES + 1; i++) {
    const res = await call('POST', '/api/user/login', { json: { email, password: `wrong-password-${i}` } });
    statuses.push(res.status);
    backends.add(res.backend);
  }
  expect(backends).toEqual(new Set([0, 1]));
  // Each instance alone saw about half: only a shared count refuses the last attempt.
  expect(statuses).toEqual([...Array(LOGIN_FAILURES).fill(400), 429]);
  expect(statuses[LOGIN_FAILURES]).toBe(429);
});
