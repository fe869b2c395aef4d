// Starts the built app for Playwright on a fresh database: a new database on TEST_DATABASE_URL's
// server when set, else the embedded PostgreSQL in .data/e2e (wiped first). Drops it on exit.
// Also starts a real SMTP receiver (smtp-server) the app mails to; tests read what it received
// from http://127.0.0.1:E2E_MAIL_PORT/mails?to=<address> (Playwright starts webServer before
// globalSetup, so the receiver has to live here, before the app starts). The server's clock can
// be moved forward by the tests (TEST_CLOCK_CONTROL).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT || '4173',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  DATA_DIR: path.join(root, '.data', 'e2e'),
  EMBEDDED_PG_PORT: '54349',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  SITE_FILE: path.join(root, 'e2e', 'site.e2e.json'),
  RATE_LIMIT_CONTACT_HOURLY: '1000',
  RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '100000',
  // TEST ONLY: POST /api/test/clock {advanceSeconds} moves the server's clock and runs the
  // settlement sweep, so a plan's 24 h term passes in a moment (e2e/lifecycle.spec.ts).
  TEST_CLOCK_CONTROL: 'true',
  // Webhook endpoints may be plain http on 127.0.0.1: e2e/webhooks.spec.ts starts its receiver
  // there (production refuses both; docs/webhooks.md, "Address rules").
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
};
let dropDb = async () => {};

// The seeded admin's authenticator secret and token (e2e/secondFactor.ts) belong to one database:
// this run's database is new, so the last run's file must go.
rmSync(path.join(root, '.data', 'e2e-admin-totp.json'), { force: true });

const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      // Quoted-printable decoded to bytes, then read as UTF-8 (German and Spanish mails: "ä" is =C3=A4).
      const bytes = Buffer.concat(chunks)
        .toString('latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      const raw = Buffer.from(bytes, 'latin1').toString('utf8');
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, at: Date.now() });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}?ignoreTLS=true`;
// Also runs the operator command (server/dist/scripts/admin.js) against the app's database, as an
// operator would on the server: POST /operator with a JSON array of arguments answers its output.
const runOperator = (args) =>
  new Promise((resolve) => {
    const cmd = spawn(process.execPath, ['server/dist/scripts/admin.js', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    cmd.stdout.on('data', (c) => (stdout += c));
    cmd.stderr.on('data', (c) => (stderr += c));
    cmd.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
const mailApi = http.createServer(async (req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST' && req.url === '/operator') {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    res.end(JSON.stringify(await runOperator(JSON.parse(Buffer.concat(chunks).toString('utf8')))));
    return;
  }
  const to = new URL(req.url, 'http://x').searchParams.get('to')?.toLowerCase();
  res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
});
await new Promise((resolve) => mailApi.listen(Number(process.env.E2E_MAIL_PORT || 4174), '127.0.0.1', resolve));

if (base) {
  const name = `cryptovest_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  delete env.DATABASE_URL;
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['server/dist/composition/main.js'], { cwd: root, env, stdio: 'inherit' });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  smtp.close();
  mailApi.close();
  await dropDb().catch(() => {});
  process.exit(code ?? 0);
});
