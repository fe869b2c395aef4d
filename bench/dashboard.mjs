// The investor dashboard's queries with 50 requests in flight: `me`, `account` and the first page
// of `myTransactions`, each a GraphQL request as the web app sends them (its Accept header and
// `extensions`; an overview's three go out together), over 50 signed-in investors, after an
// unmeasured warm-up. Reports throughput, p50/p95 per query, and SQL statements per request
// (Server-Timing), to catch N+1 patterns, and CPU per request (all three queries together) of the
// server, of the embedded PostgreSQL it started (its process tree; not measured with
// BENCH_DATABASE_URL) and of this load generator (a lean node:http client), and the share of the
// run the server's main thread spent on a core and waiting for one. The same load then goes to the
// minimal reference server (bench/reference-server.mjs: the same three reads, one statement each)
// on the same database, in the same run: its throughput and p95 show what this host allows,
// whatever its speed at the time. Goal (issue 16): >= 1,000 requests/s with p95 <= 50 ms at 50 in
// flight.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  cpuSeconds,
  leanClient,
  mainThreadSchedule,
  percentile,
  processTreeCpuSeconds,
  ROOT,
  startReference,
  startServer,
  WEB_APP_GRAPHQL_HEADERS,
  webAppGraphqlBody,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_DASHBOARD_USERS || 50);
const IN_FLIGHT = Number(process.env.BENCH_DASHBOARD_IN_FLIGHT || 50);
const ROUNDS = Number(process.env.BENCH_DASHBOARD_ROUNDS || 20);
/** Overview rounds sent first and not measured: the JIT compiles the hot path, as in a server running for a while. */
const WARMUP_ROUNDS = Number(process.env.BENCH_DASHBOARD_WARMUP_ROUNDS ?? 10);
const DEPOSITS_PER_USER = 12;
/** Server processes on the one database (as node cluster or a second instance would run them). */
const SERVERS = Number(process.env.BENCH_DASHBOARD_SERVERS || 1);
const DATA_DIR = path.join(ROOT, '.data', 'bench-dashboard');

const QUERIES = {
  me: '{ me { id fullName email type isPremium planType announcement message profileImage } }',
  account:
    '{ account { balance walletBalance profit investment bitcoin ethereum usdt bnb litecoin hasSetupAccount wallet { bitcoin litecoin ethereum usdt } } }',
  transactionsPage:
    '{ myTransactions(page: 1, pageSize: 8) { total items { id trxType status amount crypto plan expectedProfit imageUrl wallet createdAt } } }',
};

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The mail sent to `email`, read from the development outbox. It is delivered after the sign-up
 * commits (mail outbox, background work) and its file is written in place: wait until it parses.
 */
async function mailTo(email) {
  const outbox = path.join(DATA_DIR, 'outbox');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const file = existsSync(outbox) && readdirSync(outbox).find((f) => f.endsWith(`${email}.json`));
    if (!file) continue;
    try {
      return JSON.parse(readFileSync(path.join(outbox, file), 'utf8'));
    } catch {
      /* still being written */
    }
  }
  throw new Error(`no code mailed to ${email} in 10 s`);
}

/** Registers and verifies one investor through the REST paths, reading the code from the outbox. */
async function investor(base, i) {
  const email = `bench-${i}-${Date.now()}@bench.test`;
  const post = (p, body) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(
    await post('/api/user/create', {
      fullName: `Bench Investor ${i}`,
      email,
      country: 'GB',
      password: 'bench-pass-123',
    }),
  );
  const otp = /code is:? (\d{4})/.exec((await mailTo(email)).text)[1];
  return (await json(await post('/api/auth/verify-email', { email, otp }))).data.token;
}

/** The reference server's path for each query (bench/reference-server.mjs). */
const REFERENCE_PATHS = { me: '/me', account: '/account', transactionsPage: '/transactions' };

/**
 * Every user opens the overview WARMUP_ROUNDS times unmeasured, then ROUNDS times measured, its
 * three queries next to each other in the queue; IN_FLIGHT workers take the next request as soon
 * as theirs is answered, spread over `targets` (servers with `base` and `pid`; the first one's
 * child processes are the embedded PostgreSQL). `send(client, token, query, measured)` sends one
 * request and checks its answer. Returns the measured latencies per query, the seconds taken and
 * the CPU used meanwhile (seconds): by the servers, PostgreSQL and this load generator, and the
 * servers' main threads on a core and waiting for one.
 */
async function overviewLoad(tokens, targets, send) {
  const clients = targets.map((t) => leanClient(t.base, IN_FLIGHT));
  const latencies = Object.fromEntries(Object.keys(QUERIES).map((k) => [k, []]));
  const run = async (rounds, measured) => {
    const jobs = [];
    for (let r = 0; r < rounds; r += 1)
      for (const token of tokens) for (const name of Object.keys(QUERIES)) jobs.push([token, name]);
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, worker) => {
        while (next < jobs.length) {
          const [token, name] = jobs[next++];
          const t0 = performance.now();
          await send(clients[worker % clients.length], token, name, measured);
          if (measured) latencies[name].push(performance.now() - t0);
        }
      }),
    );
  };
  const usage = () => {
    const mains = targets.map((t) => mainThreadSchedule(t.pid));
    const servers = targets.reduce((sum, t) => sum + cpuSeconds(t.pid), 0);
    return {
      server: servers,
      postgres: processTreeCpuSeconds(targets[0].pid) - cpuSeconds(targets[0].pid),
      bench: Object.values(process.cpuUsage()).reduce((a, b) => a + b, 0) / 1e6,
      main: { onCpu: mains.reduce((s, m) => s + m.onCpu, 0), waiting: mains.reduce((s, m) => s + m.waiting, 0) },
    };
  };
  await run(WARMUP_ROUNDS, false);
  const before = usage();
  const t0 = performance.now();
  await run(ROUNDS, true);
  const seconds = (performance.now() - t0) / 1000;
  const after = usage();
  for (const c of clients) c.close();
  const cpu = {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    bench: after.bench - before.bench,
    main: { onCpu: after.main.onCpu - before.main.onCpu, waiting: after.main.waiting - before.main.waiting },
  };
  return { latencies, seconds, cpu };
}

export async function dashboardQueries() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const settings = {
    DATA_DIR,
    SERVER_TIMING: 'true',
    RATE_LIMIT_IP_HOURLY: '1000000',
    PRICE_FEED_URL: 'off',
    // Named, so that the reference server can verify the same tokens.
    JWT_SECRET: 'dashboard-bench-secret-0123456789abcdefghijklmnop',
  };
  const server = await startServer(4395, { ...settings, EMBEDDED_PG_PORT: '54341' });
  const servers = [server];
  try {
    const plans = (await json(await fetch(`${server.base}/api/plans`))).data;
    const gold = plans.find((p) => p.name === 'Gold');
    const tokens = [];
    for (let i = 0; i < USERS; i += 1) tokens.push(await investor(server.base, i));
    await Promise.all(
      tokens.map(async (token, u) => {
        for (let d = 0; d < DEPOSITS_PER_USER; d += 1) {
          await json(
            await fetch(`${server.base}/api/transaction/create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                trxType: 'DEPOSIT',
                planId: gold.id,
                crypto: 'bitcoin',
                amount: '10000',
                transactionId: `bench-${u}-${d}-${Date.now()}`,
              }),
            }),
          );
        }
      }),
    );

    const statements = Object.fromEntries(Object.keys(QUERIES).map((k) => [k, new Set()]));
    // Further processes share the first one's data directory (so its secrets) and its database
    // (the embedded one is named `cryptovest`, server/src/db/embedded.ts).
    const databaseUrl =
      process.env.BENCH_DATABASE_URL ||
      `postgres://postgres:${encodeURIComponent(readFileSync(path.join(DATA_DIR, 'pg-password'), 'utf8').trim())}@127.0.0.1:54341/cryptovest`;
    for (let i = 1; i < SERVERS; i += 1)
      servers.push(await startServer(4395 + i, { ...settings, DATABASE_URL: databaseUrl }));
    const bodies = Object.fromEntries(Object.entries(QUERIES).map(([name, query]) => [name, webAppGraphqlBody(query)]));
    const app = await overviewLoad(tokens, servers, async (client, token, name, measured) => {
      const res = await client.post(
        '/graphql',
        { ...WEB_APP_GRAPHQL_HEADERS, authorization: `Bearer ${token}` },
        bodies[name],
      );
      const body = JSON.parse(res.text);
      if (res.status !== 200 || body.errors) throw new Error(`${name}: ${JSON.stringify(body.errors ?? res.status)}`);
      if (measured) statements[name].add(Number(/(\d+) queries/.exec(res.headers['server-timing'] ?? '')?.[1]));
    });
    // The same load on the minimal reference server (same reads, one statement each), in this run.
    const referenceServer = await startReference(4394, databaseUrl, settings.JWT_SECRET);
    servers.push(referenceServer);
    const reference = await overviewLoad(tokens, [referenceServer], async (client, token, name) => {
      const res = await client.post(REFERENCE_PATHS[name], { authorization: `Bearer ${token}` }, '');
      if (res.status !== 200) throw new Error(`reference ${name}: ${res.status} ${res.text}`);
    });
    const requests = USERS * ROUNDS * Object.keys(QUERIES).length;
    const perRequestMs = (s) => +((s / requests) * 1000).toFixed(2);
    const { cpu, seconds } = app;
    return Object.keys(QUERIES).map((name) => ({
      query: name,
      users: USERS,
      serverProcesses: SERVERS,
      inFlight: IN_FLIGHT,
      warmUpRequests: USERS * WARMUP_ROUNDS * Object.keys(QUERIES).length,
      requests: app.latencies[name].length,
      p50Ms: +percentile(app.latencies[name], 50).toFixed(1),
      p95Ms: +percentile(app.latencies[name], 95).toFixed(1),
      sqlStatementsPerRequest: [...statements[name]].sort((a, b) => a - b).join(' or '),
      allQueriesPerSecond: +(requests / seconds).toFixed(0),
      overviewsPerSecond: +((USERS * ROUNDS) / seconds).toFixed(1),
      serverCpuMsPerRequest: perRequestMs(cpu.server),
      serverMainOnCpu: +(cpu.main.onCpu / seconds).toFixed(2),
      serverMainWaitingForCpu: +(cpu.main.waiting / seconds).toFixed(2),
      postgresCpuMsPerRequest: process.env.BENCH_DATABASE_URL ? null : perRequestMs(cpu.postgres),
      benchCpuMsPerRequest: perRequestMs(cpu.bench),
      referenceQueriesPerSecond: +(requests / reference.seconds).toFixed(0),
      referenceP95Ms: +percentile(reference.latencies[name], 95).toFixed(1),
      referenceServerCpuMsPerRequest: perRequestMs(reference.cpu.server),
      throughputVsReference: +(reference.seconds / seconds).toFixed(2),
    }));
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await dashboardQueries());
