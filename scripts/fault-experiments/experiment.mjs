// Runs one experiment under load and applies the checks every experiment shares: money committed
// without a response, money requests mostly accepted outside the fault, 5xx/429/hangs/bare 503s,
// recovery of both instances, the ledger.
import { setTimeout as sleep } from 'node:timers/promises';
import { Recorder, REQUEST_TIMEOUT_MS, startLoad, waitRecovered, recoveryMs, withdraw } from './clients.mjs';
import { ledgerBroken, ledgerCheck, withdrawalIds } from './database-checks.mjs';
import { checkMoneyAccepted } from './money.mjs';
import { sql } from './postgres.mjs';
import { printExperiment } from './report.mjs';
import { now, pct, tail } from './util.mjs';

/**
 * Runs experiment `def` under load: warm-up, the fault (`run` sets result.faultStart/faultEnd), load
 * until every instance has answered a request successfully after the fault's end (at most
 * --cap-seconds), then `after` without load (waiting for mails), then the checks; returns its result.
 */
export async function runExperiment(ctx, def) {
  console.log(`\n▶ ${def.id}. ${def.title}`);
  const fault = typeof def.fault === 'function' ? def.fault(ctx.settings) : def.fault;
  const result = { id: def.id, title: def.title, fault, failures: [], notes: [], extra: {} };
  const before = await withdrawalIds(ctx);
  const rec = new Recorder(ctx);
  // Where the load goes: the instances, or what the experiment puts in front of them (Caddy in 7).
  const targets = def.loadTargets?.(ctx) ?? ctx.instances;
  const load = startLoad(ctx, rec, targets);
  const t0 = now();
  try {
    await sleep(1500);
    await def.run(ctx, rec, result);
    await waitRecovered(ctx, rec, result.faultEnd, targets);
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
    result.latencyMs[kind] = { p50: pct(ms, 50), p95: pct(ms, 95), max: pct(ms, 100) };
  }
  result.faultSeconds = Number(((result.faultEnd - result.faultStart) / 1000).toFixed(2));
  result.recoverMs = def.noFault
    ? { A: 'n/a', B: 'n/a' }
    : Object.fromEntries(targets.map((i) => [i.name, recoveryMs(rec, result.faultEnd, i.name)]));

  // Money requests committed without a response: rows no client got a 201 for.
  const after = await withdrawalIds(ctx);
  const created = [...after].filter((id) => !before.has(id));
  const orphans = created.filter((id) => !ctx.ids201.has(id));
  const withdrawals = rec.records.filter((r) => r.kind === 'withdrawal');
  result.withdrawals = {
    amount: ctx.money.withdrawal,
    sent: withdrawals.length,
    answered201: withdrawals.filter((r) => r.status === 201).length,
    rowsCreated: created.length,
    committedWithoutResponse: orphans.length,
  };
  if (orphans.length) {
    result.failures.push(`${orphans.length} withdrawal(s) committed without a 201 to any client`);
    result.orphans = await explainOrphans(ctx, orphans);
  }
  // ...which only means something when money requests do commit: most must, outside the fault.
  checkMoneyAccepted(result, rec.records, { noFault: def.noFault });

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
    if (!inst.running) {
      const exit = await inst.exited;
      result.failures.push(`instance ${inst.name} exited during the experiment (${exit.code ?? exit.signal})`);
      result.notes.push(`${inst.name} log: ${tail(inst.logFile, 1500)}`);
    }
  for (const inst of targets)
    if (result.recoverMs[inst.name] === null)
      result.failures.push(
        `instance ${inst.name}: no successful request within ${ctx.settings.capMs / 1000} s of the fault's end`,
      );

  result.ledger = await ledgerCheck(ctx);
  if (ledgerBroken(result.ledger)) result.failures.push('ledger check failed');
  printExperiment(result);
  def.print?.(result);
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
      const retry = await withdraw(
        ctx.instances[0],
        user,
        req.body.amount,
        { add: () => undefined },
        k.key,
        'withdrawal-retry',
      );
      entry.retryWithSameKey = { outcome: retry.label, replayed: retry.replayed, sameId: retry.json?.data?.id === id };
    }
    out.push(entry);
  }
  return out;
}
