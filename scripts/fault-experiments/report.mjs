// The report: one table per experiment, the summary, the final ledger and outbox tables, and
// .data/fault-experiments/latest.json with the servers' and PostgreSQL's logs beside it.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../bench/lib.mjs';

/** Where the report and the logs of the last run go. */
export const OUT_DIR = path.join(ROOT, '.data', 'fault-experiments');

/** Prints one experiment as it ends: requests by status and kind, then its metrics, notes and failures. */
export function printExperiment(r) {
  const kinds = [...new Set(Object.values(r.byStatus).flatMap((row) => Object.keys(row)))];
  const rows = {};
  for (const [label, row] of Object.entries(r.byStatus).sort())
    rows[label] = {
      ...Object.fromEntries(kinds.map((k) => [k, row[k] ?? 0])),
      total: Object.values(row).reduce((a, b) => a + b, 0),
    };
  console.log(`  fault: ${r.fault}`);
  console.table(rows);
  const w = r.withdrawals;
  const metrics = {
    'requests (load s)': `${r.requests} (${r.loadSeconds} s)`,
    'fault duration s': r.faultSeconds,
    [`withdrawals of $${w.amount} sent / 201 / rows created`]: `${w.sent} / ${w.answered201} / ${w.rowsCreated}`,
    'withdrawals outside the fault: sent / 2xx': `${w.outsideFault.sent} / ${w.outsideFault.answered2xx}`,
    'money committed without a response': w.committedWithoutResponse,
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

/** Prints the one-line-per-experiment summary at the end of a run. */
export function printSummary(results) {
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
      'money 2xx outside fault': `${r.withdrawals.outsideFault.answered2xx}/${r.withdrawals.outsideFault.sent}`,
      'committed w/o response': r.withdrawals.committedWithoutResponse,
      // Experiment 7's load goes through Caddy: its recovery is Caddy's.
      'recover A ms':
        r.recoverMs.A ?? (r.recoverMs.caddy !== undefined ? `caddy ${r.recoverMs.caddy ?? 'never'}` : 'never'),
      'recover B ms': r.recoverMs.B ?? (r.recoverMs.caddy !== undefined ? '-' : 'never'),
      'mails lost': r.extra.mailsLost ?? '-',
      verdict: r.failures.length ? 'FAIL' : 'ok',
    };
  }
  console.log('\n== Summary');
  console.table(rows);
}

/** Prints the checks after all experiments: the ledger of all accounts and the mail outbox. */
export function printFinal(final, outboxWaitMs) {
  console.log('\n== Ledger check (all accounts)');
  console.table({
    accounts: { value: final.ledger.accounts },
    'ledger entries': { value: final.ledger.entries },
    withdrawals: { value: final.ledger.withdrawals },
    'buckets != sum of entries, or negative': { value: final.ledger.bucketsNotEqualToLedgerOrNegative.length },
    'accounts with pending withdrawals over balance': { value: final.ledger.overdrawnAccounts.length },
  });
  console.log('== Mail outbox (SELECT status, count(*) FROM mail_outbox GROUP BY status)');
  const before = final.mailOutboxAfterExperiments;
  const after = final.mailOutbox;
  const statuses = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  console.table(
    Object.fromEntries(
      statuses.map((k) => [
        k,
        {
          'after the experiments': before[k] ?? 0,
          [`after waiting (at most ${outboxWaitMs / 1000} s)`]: after[k] ?? 0,
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
  if (after.queued || after.sending || after.failed)
    console.log(`  note: mails not sent ${outboxWaitMs / 1000} s after the last experiment`);
}

/** Copies the servers' and PostgreSQL's logs of the run to OUT_DIR/logs before the temp dir is removed. */
export function keepLogs(ctx) {
  const logs = path.join(OUT_DIR, 'logs');
  fs.rmSync(logs, { recursive: true, force: true });
  fs.mkdirSync(logs, { recursive: true });
  for (const inst of ctx.instances ?? [])
    if (fs.existsSync(inst.logFile)) fs.copyFileSync(inst.logFile, path.join(logs, path.basename(inst.logFile)));
  if (ctx.pg && fs.existsSync(ctx.pg.log)) fs.copyFileSync(ctx.pg.log, path.join(logs, 'postgres.log'));
  if (ctx.caddy && fs.existsSync(ctx.caddy.logFile)) fs.copyFileSync(ctx.caddy.logFile, path.join(logs, 'caddy.log'));
}

/** Writes OUT_DIR/latest.json (settings, every experiment's result, the final checks, failures) and says where. */
export function writeReport(report) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, file)} (logs in ${path.relative(ROOT, path.join(OUT_DIR, 'logs'))}/)`);
}
