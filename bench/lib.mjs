// Shared helpers for benchmarks: start the real server as a child process, read its CPU time,
// and drive bounded HTTP load from this process over loopback only.
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import { generate } from 'otplib';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name (fields[0] is the state, fields[1] the parent). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds (user + system) the process `pid` has used so far, from /proc. */
export function cpuSeconds(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * Seconds the main thread of process `pid` has so far spent on a core and waiting for one
 * (runnable but not running), from /proc/<pid>/task/<pid>/schedstat. Their differences over a
 * run tell a server starved of CPU (on-core + waiting near 1) from one waiting on I/O (far below).
 */
export function mainThreadSchedule(pid) {
  const [onCpuNs, waitingNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
  return { onCpu: onCpuNs / 1e9, waiting: waitingNs / 1e9 };
}

/** The parent of process `pid`, from /proc (e.g. the postmaster of a PostgreSQL backend). */
export function parentPid(pid) {
  return Number(statFields(pid)[1]);
}

/**
 * CPU seconds used so far by `pid` and every process below it (a PostgreSQL postmaster and its
 * backends, or a server and the embedded PostgreSQL it started), children that already exited
 * included (their time is added to their parent's cutime/cstime when reaped). Take differences.
 */
export function processTreeCpuSeconds(pid) {
  const parents = new Map();
  const cpu = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = statFields(name);
      parents.set(Number(name), Number(f[1]));
      cpu.set(Number(name), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS);
    } catch {
      /* exited while reading */
    }
  }
  let total = 0;
  for (const [p, seconds] of cpu) {
    for (let q = p; q > 1; q = parents.get(q) ?? 0) {
      if (q === pid) {
        total += seconds;
        break;
      }
    }
  }
  return total;
}

/**
 * A back-office token for an administrator: signs in with the password and, admins being confined
 * to enrolling until they have a second factor, sets up an authenticator over REST
 * (POST /api/user/security/totp, then /confirm with a code of its secret) and returns the token
 * the confirmation issues. Expects an admin without a second factor yet (a fresh database).
 * An administrator's first factor also needs the one-time enrolment code the server mails
 * (issue 33): pass `enrolmentCode`, an async function that returns the mailed code once asked for.
 */
export async function adminToken(base, email, password, { enrolmentCode } = {}) {
  const post = async (p, body, token) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const login = await post('/api/user/login', { email, password });
  if (!login.token) throw new Error(`${email} already has a second factor: start from a fresh database`);
  let mailed;
  if (enrolmentCode) {
    await post('/api/user/security/enrolment-code', {}, login.token);
    mailed = await enrolmentCode();
  }
  const { secret } = await post('/api/user/security/totp', {}, login.token);
  const confirmed = await post(
    '/api/user/security/totp/confirm',
    { code: await generate({ secret }), ...(mailed ? { enrolmentCode: mailed } : {}) },
    login.token,
  );
  return confirmed.token;
}

/**
 * A new enrolment code for administrator `email`, from the operator command an operator would run
 * on the server (`node server/dist/scripts/admin.js enrolment-code`) against `databaseUrl`; for
 * `adminToken`'s `enrolmentCode` when no SMTP receiver is listening.
 */
export function operatorEnrolmentCode(databaseUrl, email) {
  const out = execFileSync(process.execPath, ['server/dist/scripts/admin.js', 'enrolment-code', '--email', email], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const code = /Enrolment code for \S+: (\S+)/.exec(out)?.[1];
  if (!code) throw new Error(`the operator command printed no enrolment code: ${out}`);
  return code;
}

/** The built server's entry, relative to the repository root it runs from. */
export const SERVER_ENTRY = 'server/dist/composition/main.js';

/**
 * Starts `node server/dist/composition/main.js` on `port` and resolves once /readyz answers 200. BENCH_NODE_ARGS
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to that node, to profile a benchmark's server.
 * Options (the fault experiments): `logFile` gets the server's stdout and stderr (appended), `cleanEnv`
 * gives it `env` and PORT only (not this process's environment nor the bench defaults), and
 * `readyTimeoutMs` bounds the wait; `root` (default this repository) and `entry` (relative to it)
 * start another build, e.g. an earlier release checked out in a git worktree (the rolling upgrade
 * experiment). The result's `child` is the server's process.
 */
export async function startServer(
  port,
  env = {},
  { logFile = null, cleanEnv = false, readyTimeoutMs = 60_000, root = ROOT, entry = SERVER_ENTRY } = {},
) {
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const logFd = logFile ? openSync(logFile, 'a') : null;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: cleanEnv
      ? { ...env, PORT: String(port) }
      : {
          ...process.env,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATA_DIR: process.env.BENCH_DATA_DIR || '.data/bench',
          EMBEDDED_PG_PORT: '54339',
          ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
          ...env,
        },
    stdio: logFd === null ? ['ignore', 'ignore', 'inherit'] : ['ignore', logFd, logFd],
  });
  if (logFd !== null) closeSync(logFd);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready in ${readyTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Starts the minimal reference server (bench/reference-server.mjs) on `port` over `databaseUrl`,
 * verifying tokens signed with `jwtSecret`; resolves once it says ready.
 */
export async function startReference(port, databaseUrl, jwtSecret) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'reference-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Sends `total` requests with `concurrency` in flight; returns latencies in ms. Bounded by count.
 * `inspect(res)`, if given, sees each response (its headers, e.g. Server-Timing) before its body is read.
 */
export async function load(makeRequest, total, concurrency, inspect) {
  const latencies = [];
  let next = 0;
  async function worker() {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const res = await makeRequest();
      inspect?.(res);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/** The headers of a GraphQL request as the web app's Apollo Client 4 sends it. */
export const WEB_APP_GRAPHQL_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json,application/json;q=0.9',
};

/** A GraphQL request's body as the web app's Apollo Client 4 sends it: its name goes in `extensions`. */
export function webAppGraphqlBody(query, variables = {}) {
  return JSON.stringify({
    query,
    variables,
    extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' } },
  });
}

/** Percentile of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The PostgreSQL server benchmarks create their databases on (BENCH_PG_ADMIN_URL, else the local one). */
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `statements` one after the other on the admin connection `adminUrl`. */
async function onAdmin(adminUrl, ...statements) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, empty database `name` on PG_ADMIN_URL's server, or on `adminUrl`'s (the fault
 * experiments' own PostgreSQL), any older one dropped; returns its URL.
 */
export async function freshDatabase(name, adminUrl = PG_ADMIN_URL) {
  await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` (a benchmark's own, once it is done). */
export function dropDatabase(name) {
  return onAdmin(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * A verified investor written straight into the server's database (argon2id hash, as the app
 * makes), with an empty investment account as sign-up opens one (`{ account: true }`), signed in
 * through POST /api/user/login; returns the session token.
 */
export async function signedInInvestor(
  base,
  databaseUrl,
  email = 'cost@bench.test',
  password = 'bench-pass-123',
  { account = false } = {},
) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO app_user (full_name, email, password_hash, country, type, email_verified_at)
       VALUES ('Bench Investor', $1, $2, 'GB', 'investor', now())`,
      [email, await argon2.hash(password, { type: argon2.argon2id })],
    );
    if (account) await db.query('INSERT INTO account (user_id) SELECT id FROM app_user WHERE email = $1', [email]);
  } finally {
    await db.end();
  }
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = (await login.json()).data?.token;
  if (!token) throw new Error(`login failed: ${login.status}`);
  return token;
}

/**
 * A lean keep-alive HTTP client for load on loopback: node:http with one socket per request in
 * flight, several times cheaper per request than fetch, so that on 2 cores the load generator
 * takes less of the CPU the server is measured on. Resolves with the status, headers and body text.
 */
export function leanClient(base, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(base);
  return {
    post(path, headers, body) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            hostname,
            port,
            path,
            method: 'POST',
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** Runs `work` in the per-request statement counter's scope (the one behind Server-Timing); returns the count. */
export async function countStatements(work) {
  const { serverTiming } = createRequire(import.meta.url)(
    path.join(ROOT, 'server', 'dist', 'kernel', 'query-stats.js'),
  );
  let header = '';
  const res = { headersSent: false, setHeader: (_n, v) => (header = v), writeHead: () => res };
  let result;
  await new Promise((resolve, reject) =>
    serverTiming({}, res, () =>
      work().then((r) => {
        result = r;
        resolve();
      }, reject),
    ),
  );
  res.writeHead(200);
  return { result, statements: Number(/(\d+) queries/.exec(header)[1]) };
}
