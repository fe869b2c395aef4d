// Set-up of a run: temp dir, the own PostgreSQL and database, the SMTP receiver, two server
// instances, and the investors the load runs as (registered, verified, an address saved, funded).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../../bench/lib.mjs';
import { call, registerMany } from './clients.mjs';
import { loadLedgerInvariant } from './database-checks.mjs';
import { Instance, serverEnv } from './instances.mjs';
import { fundInvestors, moneyPolicy, WITHDRAWAL_COIN } from './money.mjs';
import { OwnPostgres } from './postgres.mjs';
import { MailSink } from './smtp.mjs';
import { freePort, onCleanup } from './util.mjs';

/** Starts everything a run needs into `ctx` (each with its clean-up registered first), then seeds the investors. */
export async function setup(ctx) {
  await loadLedgerInvariant(); // the built server is there, before anything is started
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cryptovest-faults-'));
  fs.chmodSync(tmp, 0o755);
  ctx.tmp = tmp;
  onCleanup('remove temp dir', () => fs.rmSync(tmp, { recursive: true, force: true }));

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
  ctx.admin = { email: 'admin@fault-experiments.test', password: randomBytes(12).toString('hex') };
  const env = serverEnv({
    tmp,
    dbUrl: ctx.dbUrl,
    smtpPort: ctx.sink.port,
    publicPort: ports[0],
    uploadDir: ctx.uploadDir,
    admin: ctx.admin,
  });
  ctx.instances = ['A', 'B'].map((name, i) => new Instance(name, ports[i], env, path.join(tmp, `server-${name}.log`)));
  for (const inst of ctx.instances) onCleanup(`stop instance ${inst.name}`, () => inst.stop());
  // Both at once on the empty database: the migration lock makes them take turns.
  const started = await Promise.allSettled(ctx.instances.map((i) => i.start()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;

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
