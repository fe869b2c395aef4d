// Set-up of a run: temp dir, the own PostgreSQL and database, the SMTP receiver, two server
// instances, and the investors the load runs as (registered, verified, an address saved, funded).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../../bench/lib.mjs';
import { Caddy } from './caddy.mjs';
import { call, registerMany } from './clients.mjs';
import { loadLedgerInvariant } from './database-checks.mjs';
import { CURRENT_BUILD, Instance, serverEnv } from './instances.mjs';
import { fundInvestors, moneyPolicy, WITHDRAWAL_COIN } from './money.mjs';
import { OwnPostgres, sql } from './postgres.mjs';
import { prepareRelease } from './release.mjs';
import { MailSink } from './smtp.mjs';
import { freePort, onCleanup } from './util.mjs';

/**
 * The rolling upgrade (experiment 7, --from-release) runs the production drain delay: Caddy's
 * health check (every 2 s, one failure takes an instance out) must see /readyz 503 before the port
 * closes (docs/operations.md, "Deploys and restarts").
 */
export const ROLLING_SHUTDOWN_DELAY_MS = '5000';

/**
 * Starts everything a run needs into `ctx` (each with its clean-up registered first), then seeds the
 * investors. With --from-release (experiment 7) the instances start from that earlier release,
 * built in a git worktree first, and Caddy (deploy/Caddyfile) balances them.
 */
export async function setup(ctx) {
  await loadLedgerInvariant(); // the built server is there, before anything is started
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cryptovest-faults-'));
  fs.chmodSync(tmp, 0o755);
  ctx.tmp = tmp;
  onCleanup('remove temp dir', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const { fromRelease } = ctx.settings;
  if (fromRelease) {
    console.log(`building the server of ${fromRelease} in a git worktree...`);
    ctx.release = await prepareRelease(fromRelease, tmp);
    console.log(
      `release ${fromRelease} = ${ctx.release.commit.slice(0, 10)} "${ctx.release.subject.slice(0, 80)}": server built in ${ctx.release.buildSeconds} s`,
    );
  }

  const pgServer = new OwnPostgres(tmp);
  ctx.pg = pgServer;
  onCleanup('stop PostgreSQL', () => pgServer.stop());
  await pgServer.init();
  ctx.dbUrl = await freshDatabase('cryptovest', pgServer.adminUrl);

  ctx.sink = new MailSink(await freePort());
  onCleanup('stop SMTP receiver', () => ctx.sink.stop());
  await ctx.sink.startReal();

  ctx.uploadParent = path.join(tmp, 'storage');
  ctx.uploadDir = path.join(ctx.uploadParent, 'uploads');
  fs.mkdirSync(ctx.uploadDir, { recursive: true });
  const ports = [await freePort(), await freePort()];
  const caddyPort = fromRelease ? await freePort() : null;
  ctx.admin = { email: 'admin@fault-experiments.test', password: randomBytes(12).toString('hex') };
  const env = serverEnv({
    tmp,
    dbUrl: ctx.dbUrl,
    smtpPort: ctx.sink.port,
    publicPort: caddyPort ?? ports[0],
    uploadDir: ctx.uploadDir,
    admin: ctx.admin,
  });
  // Behind Caddy as in docker-compose.yml: one proxy, the production drain delay.
  if (fromRelease) Object.assign(env, { TRUST_PROXY: '1', SHUTDOWN_DELAY_MS: ROLLING_SHUTDOWN_DELAY_MS });
  const build = ctx.release ?? CURRENT_BUILD;
  ctx.instances = ['A', 'B'].map(
    (name, i) => new Instance(name, ports[i], env, path.join(tmp, `server-${name}.log`), build),
  );
  for (const inst of ctx.instances) onCleanup(`stop instance ${inst.name}`, () => inst.stop());
  // Both at once on the empty database: the migration lock makes them take turns.
  const started = await Promise.allSettled(ctx.instances.map((i) => i.start()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  if (fromRelease) {
    // What the old release migrated the empty database to: where a rollback returns.
    const applied = (await sql(ctx, `SELECT name FROM schema_migration ORDER BY id`)).map((r) => r.name);
    ctx.release.migrations = applied.length;
    ctx.release.lastMigration = applied[applied.length - 1];
    ctx.caddy = new Caddy(
      tmp,
      ctx.instances.map((i) => `127.0.0.1:${i.port}`),
      caddyPort,
    );
    onCleanup('stop Caddy', () => ctx.caddy.stop());
    await ctx.caddy.start();
  }

  ctx.money = await moneyPolicy(ctx);

  // Investors: registered and verified through the API, an address saved, funded by an admin.
  const regs = await registerMany(ctx, null, ctx.settings.clients, 'investor');
  const bad = regs.filter((r) => r.status !== 201);
  if (bad.length) throw new Error(`seeding: registration answered ${bad.map((r) => r.label).join(', ')}`);
  const emails = regs.map((r) => r.email);
  if ((await ctx.sink.waitForCodes(emails, 30_000)).length !== emails.length)
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
    // Saved before any money comes in, so it is usable at once (no withdrawal-address cool-down).
    const a = await call(inst, 'account', 'PUT', '/api/account', {
      token,
      body: { wallet: { [WITHDRAWAL_COIN]: wallet } },
    });
    if (a.status !== 200) throw new Error(`seeding: PUT /api/account answered ${a.label} ${JSON.stringify(a.json)}`);
    ctx.investors.push({ email, token, userId, wallet, coin: WITHDRAWAL_COIN });
  }
  await fundInvestors(ctx);
}
