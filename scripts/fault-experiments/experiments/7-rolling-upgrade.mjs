// Experiment 7 (opt-in: --only 7 --from-release <git revision>): a rolling upgrade from an earlier
// release to the current build, behind Caddy (deploy/Caddyfile) under load, as docs/operations.md
// describes it: the release's migrations applied by the migrate-only command (the release job)
// while both old instances serve, then each instance in turn SIGTERMed and started again from the
// current build on the same port. The load goes through Caddy only, and every request of it must
// succeed. Then, unless --skip-rollback, a rollback drill: stop the new instances, roll the schema
// back to the old release's last migration (db:rollback), start the old release again, load.
import { setTimeout as sleep } from 'node:timers/promises';
import { call, isSuccess, PASSWORD, readyz, Recorder, startLoad } from '../clients.mjs';
import { CURRENT_BUILD } from '../instances.mjs';
import { sql } from '../postgres.mjs';
import { releaseCommand, runReleaseCommand } from '../release.mjs';
import { ROLLING_SHUTDOWN_DELAY_MS } from '../setup.mjs';
import { countLabels, now, tail } from '../util.mjs';

const { AbortSignal } = globalThis;

/** Load on two old instances before the release job, and on two new ones at the end. */
const BASELINE_MS = 4000;
const AFTER_MS = 4000;
/** How long the old instances keep serving on the migrated schema before the first swap. */
const OLD_ON_NEW_SCHEMA_MS = 2000;
/** Load through Caddy once the rollback drill has started the old release again. */
const DRILL_LOAD_MS = 4000;
/** The routes of the load, counted in each instance's /metrics (cryptovest_http_requests_total). */
const LOAD_ROUTES = ['/api/transaction/create', '/api/plans', '/graphql'];

/** Applied migrations, in order (schema_migration). */
const appliedMigrations = async (ctx) =>
  (await sql(ctx, `SELECT name FROM schema_migration ORDER BY id`)).map((r) => r.name);

/** What `GET /version` answers on `inst` directly: the new build says what it is, the old one may not know the route. */
async function version(inst) {
  try {
    const res = await fetch(`${inst.base}/version`, { signal: AbortSignal.timeout(3000) });
    const body = await res.json().catch(() => null);
    return res.ok ? { status: res.status, ...(body?.data ?? body) } : { status: res.status };
  } catch (err) {
    return { status: null, error: err.cause?.code ?? err.message };
  }
}

/** Load requests `inst` has answered so far, from its own /metrics (null when unreadable). */
async function servedRequests(inst) {
  try {
    const res = await fetch(`${inst.base}/metrics`, {
      headers: { authorization: `Bearer ${inst.env.METRICS_TOKEN}` },
      signal: AbortSignal.timeout(3000),
    });
    if (!res.ok) return null;
    let n = 0;
    for (const line of (await res.text()).split('\n'))
      if (
        line.startsWith('cryptovest_http_requests_total{') &&
        LOAD_ROUTES.some((route) => line.includes(`route="${route}"`))
      )
        n += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
    return n;
  } catch {
    return null;
  }
}

const hostOf = (inst) => `127.0.0.1:${inst.port}`;
const since = (t, from) => (t === null ? null : t - from);

/**
 * One instance's swap: SIGTERM (its /readyz must answer 503 during the delay, Caddy must take it
 * out), wait for its exit (0), start `build` on the same port, wait for /readyz 200 and for Caddy's
 * health check to take it back. Times are ms from the signal (stop) and from the start (ready).
 */
async function swap(ctx, inst, build, result) {
  const { caddy } = ctx;
  const s = { instance: inst.name, from: inst.build.label, to: build.label };
  s.servedBeforeStop = await servedRequests(inst);
  const t0 = now();
  inst.child.kill('SIGTERM');
  const out = caddy.waitOut(hostOf(inst), t0, 15_000);
  await sleep(300);
  s.readyzDuringDelay = (await readyz(inst)).status;
  if (s.readyzDuringDelay !== 503)
    result.failures.push(`${inst.name} /readyz during the delay answered ${s.readyzDuringDelay}, not 503`);
  const exit = await Promise.race([inst.exited, sleep(40_000).then(() => null)]);
  if (!exit) {
    result.failures.push(`${inst.name} (${s.from}) did not exit within 40 s of SIGTERM`);
    inst.child.kill('SIGKILL');
    await inst.exited;
  } else if (exit.code !== 0)
    result.failures.push(`${inst.name} (${s.from}) exited with ${exit.code ?? exit.signal}, not 0`);
  s.exitCode = exit?.code ?? null;
  s.stopMs = now() - t0;
  s.caddyOutAfterMs = since(await out, t0);
  if (s.caddyOutAfterMs === null) result.failures.push(`Caddy never took ${inst.name} out of rotation`);
  const drainLog = tail(inst.logFile, 20_000)
    .split('\n')
    .filter((l) => /drain timed out|error while draining/.test(l));
  if (drainLog.length) result.notes.push(`${inst.name} log: ${drainLog.join(' | ')}`);

  const migrationsBefore = await appliedMigrations(ctx);
  inst.build = build;
  const t1 = now();
  await inst.start(60_000);
  s.readyMs = now() - t1;
  s.caddyInAfterMs = since(await caddy.waitUp(hostOf(inst), t1, 15_000), t1);
  if (s.caddyInAfterMs === null) result.failures.push(`Caddy did not take ${inst.name} back within 15 s of its start`);
  // The instance runs the migrations at start too: after the release job it must find nothing.
  const migrationsAfter = await appliedMigrations(ctx);
  s.migratedAtStart = migrationsAfter.filter((m) => !migrationsBefore.includes(m));
  if (s.migratedAtStart.length)
    result.failures.push(`${inst.name} (${build.label}) applied ${s.migratedAtStart.join(', ')} at start`);
  s.version = await version(inst);
  s.swapMs = now() - t0;
  return s;
}

/** `{ me { id } }` on `target` with `token`, not recorded: 'ok' or the status and error code. */
const me = (target, token) =>
  call(target, 'me', 'POST', '/graphql', { token, body: { query: '{ me { id } }' } }).then((r) =>
    isSuccess(r) ? 'ok' : `${r.status ?? r.label} ${r.json?.errors?.[0]?.extensions?.code ?? ''}`.trim(),
  );

/**
 * Sessions across versions while new A and old B both serve: a token the new release signs (at a
 * sign-in on A) used on old B, and a token the old release signed (at seeding) used on new A; then
 * the new token six times through Caddy, as that user's next requests would go.
 */
async function sessionsAcrossVersions(ctx, result) {
  const [a, b] = ctx.instances;
  const user = ctx.investors[0];
  const login = await call(a, 'login', 'POST', '/api/user/login', { body: { email: user.email, password: PASSWORD } });
  const token = login.json?.data?.token;
  const out = { signInOnNewA: login.label };
  if (!token) {
    result.notes.push(`sign-in on new A answered ${login.label}: cross-version session check skipped`);
    return out;
  }
  ctx.newReleaseToken = token; // the rollback drill tries it on the old release again
  out.newTokenHeader = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
  out.newTokenOnOldB = await me(b, token);
  out.oldTokenOnNewA = await me(a, user.token);
  const viaCaddy = [];
  for (let i = 0; i < 6; i++) viaCaddy.push(await me(ctx.caddy, token));
  out.newTokenThroughCaddy = countLabels(viaCaddy.map((label) => ({ label })));
  if (out.oldTokenOnNewA !== 'ok')
    result.failures.push(`a session of the old release is refused by the new one (${out.oldTokenOnNewA})`);
  if (out.newTokenOnOldB !== 'ok')
    result.failures.push(
      `a session signed in on the new release is refused by the old one (${out.newTokenOnOldB}; header ${JSON.stringify(out.newTokenHeader)}): ` +
        `through Caddy ${JSON.stringify(out.newTokenThroughCaddy)} while both releases serve`,
    );
  return out;
}

/** Requests by outcome in each phase (by the time they were sent). */
function byPhase(records, phases) {
  const out = {};
  for (const p of phases) {
    const inPhase = records.filter((r) => r.t0 >= p.start && r.t0 < p.end);
    out[p.name] = { requests: inPhase.length, ...countLabels(inPhase) };
  }
  return out;
}

/** The rollback drill: new instances stopped, schema rolled back, old release started, load through Caddy. */
async function rollbackDrill(ctx, result) {
  const d = {};
  const rollback = releaseCommand('db:rollback', 'server/dist/scripts/db-rollback.js');
  if (!rollback) {
    d.skipped = 'no db:rollback command (package.json) and no server/dist/scripts/db-rollback.js';
    return d;
  }
  d.command = rollback.from;
  d.target = ctx.release.lastMigration;
  const fail = (text) => result.failures.push(`rollback drill: ${text}`);
  const t0 = now();
  await Promise.all(
    ctx.instances.map(async (inst) => {
      inst.child.kill('SIGTERM');
      const exit = await Promise.race([inst.exited, sleep(40_000).then(() => null)]);
      if (!exit) {
        fail(`${inst.name} did not exit within 40 s of SIGTERM`);
        inst.child.kill('SIGKILL');
        await inst.exited;
      } else if (exit.code !== 0) fail(`${inst.name} exited with ${exit.code ?? exit.signal}`);
    }),
  );
  d.stopMs = now() - t0;
  const before = await appliedMigrations(ctx);
  const out = await runReleaseCommand(rollback, { ...ctx.instances[0].env, LOG_LEVEL: 'info' }, ['--to', d.target]);
  d.rollbackMs = out.ms;
  d.rollbackExit = out.code;
  d.rollbackOutput = out.stdout || out.stderr;
  const after = await appliedMigrations(ctx);
  d.reverted = before.filter((m) => !after.includes(m)).reverse(); // newest first, as reverted
  d.schemaAt = after[after.length - 1];
  if (!out.ok) fail(`db:rollback exited ${out.code}: ${out.stderr.slice(0, 500)}`);
  if (d.schemaAt !== d.target) fail(`the schema is at ${d.schemaAt}, not ${d.target}`);

  const t1 = now();
  for (const inst of ctx.instances) inst.build = ctx.release;
  await Promise.all(ctx.instances.map((inst) => inst.start(60_000)));
  d.oldReadyMs = now() - t1;
  const back = await Promise.all(ctx.instances.map((inst) => ctx.caddy.waitUp(hostOf(inst), t1, 15_000)));
  d.caddyInAfterMs = back.map((t) => since(t, t1));
  if (back.some((t) => t === null)) fail('Caddy did not take both old instances back within 15 s');
  d.migratedAtStart = (await appliedMigrations(ctx)).filter((m) => !after.includes(m));
  if (d.migratedAtStart.length) fail(`the old release applied ${d.migratedAtStart.join(', ')} at start`);
  d.downtimeMs = Math.max(...back.map((t) => t ?? now())) - t0;
  d.version = await version(ctx.instances[0]);
  // A session signed in on the new release, on the old one again (noted, not a failure of its own).
  if (ctx.newReleaseToken) d.newReleaseSessionOnOldA = await me(ctx.instances[0], ctx.newReleaseToken);

  const rec = new Recorder(ctx);
  const load = startLoad(ctx, rec, [ctx.caddy]);
  await sleep(DRILL_LOAD_MS);
  await load.stop();
  d.requests = { requests: rec.records.length, ...countLabels(rec.records) };
  const bad = rec.records.filter((r) => !isSuccess(r));
  if (bad.length) fail(`${bad.length} request(s) through Caddy not successful on the old release`);
  const w201 = rec.records.filter((r) => r.kind === 'withdrawal' && r.status === 201).length;
  d.withdrawals201 = w201;
  if (!w201) fail('no withdrawal accepted after the rollback');
  return d;
}

/** A rolling upgrade, old release → current build, behind Caddy under load; then the rollback drill. */
export default {
  id: 7,
  title: 'rolling upgrade behind Caddy',
  fault: (s) =>
    `release ${s.fromRelease} → current build: db:migrate while both old instances serve, then A and B each SIGTERMed ` +
    `(SHUTDOWN_DELAY_MS=${ROLLING_SHUTDOWN_DELAY_MS}) and started from the current build; load through Caddy`,
  /** Only with --from-release: the instances start from that release and Caddy is in front. */
  needsRelease: true,
  loadTargets: (ctx) => [ctx.caddy],
  async run(ctx, rec, result) {
    const [a, b] = ctx.instances;
    const phases = [{ name: '1. old A + old B', start: 0, end: Infinity }];
    const mark = (name) => {
      const t = now();
      phases[phases.length - 1].end = t;
      phases.push({ name, start: t, end: Infinity });
    };
    result.phases = phases;
    result.extra.release = `${ctx.release.rev} (${ctx.release.commit.slice(0, 10)}), ${ctx.release.migrations} migrations, last ${ctx.release.lastMigration}`;
    result.extra.versionBefore = await version(a);
    await sleep(BASELINE_MS);

    // (2) The release job, both old instances serving.
    mark('2. release job (old A + old B serve)');
    result.faultStart = now();
    const migrate = releaseCommand('db:migrate', 'server/dist/scripts/db-migrate.js');
    const before = await appliedMigrations(ctx);
    if (!migrate) {
      result.failures.push(
        'no migrate-only command: package.json has no "db:migrate" and server/dist/scripts/db-migrate.js is not built',
      );
    } else {
      const out = await runReleaseCommand(migrate, { ...a.env, LOG_LEVEL: 'info' });
      const after = await appliedMigrations(ctx);
      result.migration = {
        command: migrate.from,
        ms: out.ms,
        exit: out.code,
        applied: after.filter((m) => !before.includes(m)),
        output: out.stdout || out.stderr,
      };
      result.extra.migration = `${result.migration.applied.length} applied in ${out.ms} ms (exit ${out.code}): ${result.migration.applied.join(', ') || 'none'}`;
      if (!out.ok) result.failures.push(`the release job failed (exit ${out.code}): ${out.stderr.slice(0, 500)}`);
      if (!result.migration.applied.length) result.notes.push(`the release job applied nothing: ${out.stdout}`);
    }
    await sleep(OLD_ON_NEW_SCHEMA_MS);

    // (3), (4) Each instance in turn; the sessions check while new A and old B serve together.
    mark('3. A: old → new (B old)');
    result.swaps = [await swap(ctx, a, CURRENT_BUILD, result)];
    result.sessions = await sessionsAcrossVersions(ctx, result);
    mark('4. B: old → new (A new)');
    result.swaps.push(await swap(ctx, b, CURRENT_BUILD, result));
    result.faultEnd = now();

    // (5) Both new.
    mark('5. new A + new B');
    result.extra.schemaAfter = (await appliedMigrations(ctx)).at(-1);
    await sleep(AFTER_MS);
    result.extra.servedAtEnd = Object.fromEntries(
      await Promise.all(ctx.instances.map(async (i) => [i.name, await servedRequests(i)])),
    );
  },
  async after(ctx, rec, result) {
    const phases = result.phases;
    phases[phases.length - 1].end = Infinity;
    result.byPhase = byPhase(rec.records, phases);
    for (const p of phases) if (!result.byPhase[p.name].requests) result.failures.push(`no load in phase "${p.name}"`);
    if (rec.records.length >= ctx.settings.maxRequests)
      result.failures.push(`the load reached --max-requests (${ctx.settings.maxRequests}) before the end`);
    // Through a balancer doing its job, every request of the upgrade succeeds.
    const bad = rec.records.filter((r) => !isSuccess(r));
    if (bad.length) {
      const where = Object.entries(byPhase(bad, phases))
        .filter(([, row]) => row.requests)
        .map(([name, row]) => `${name}: ${JSON.stringify(row)}`)
        .join('; ');
      result.failures.push(`${bad.length} request(s) through Caddy did not succeed (${where})`);
    }
    result.durations = {
      'release job (migrations) ms': result.migration?.ms ?? null,
      ...Object.fromEntries(
        (result.swaps ?? []).flatMap((s) => [
          [`${s.instance}: SIGTERM → Caddy took it out ms`, s.caddyOutAfterMs],
          [`${s.instance}: SIGTERM → exit ms (exit code)`, `${s.stopMs} (${s.exitCode})`],
          [`${s.instance}: start → /readyz 200 ms`, s.readyMs],
          [`${s.instance}: start → back in Caddy ms`, s.caddyInAfterMs],
          [`${s.instance}: whole swap ms`, s.swapMs],
        ]),
      ),
      'upgrade total (release job → B back) ms': result.faultEnd - result.faultStart,
    };
    if (ctx.settings.rollbackDrill) result.rollback = await rollbackDrill(ctx, result);
  },
  print(result) {
    console.log('  requests through Caddy by phase (by the time sent):');
    const labels = [...new Set(Object.values(result.byPhase).flatMap((row) => Object.keys(row)))];
    console.table(
      Object.fromEntries(
        Object.entries(result.byPhase).map(([name, row]) => [
          name,
          Object.fromEntries(labels.map((l) => [l, row[l] ?? 0])),
        ]),
      ),
    );
    console.table(Object.fromEntries(Object.entries(result.durations).map(([k, v]) => [k, { value: v }])));
    if (result.migration)
      console.log(
        `  release job (${result.migration.command}):\n    ${result.migration.output.replace(/\n/g, '\n    ')}`,
      );
    for (const s of result.swaps ?? [])
      console.log(
        `  ${s.instance}: ${s.from} → ${s.to}; /readyz in the delay ${s.readyzDuringDelay}; migrated at start: ${s.migratedAtStart.length ? s.migratedAtStart.join(', ') : 'nothing'}; ` +
          `served before its stop ${s.servedBeforeStop ?? '?'}; GET /version ${JSON.stringify(s.version)}`,
      );
    if (result.sessions) console.log(`  sessions across versions: ${JSON.stringify(result.sessions)}`);
    const d = result.rollback;
    if (d?.skipped) console.log(`  rollback drill skipped: ${d.skipped}`);
    else if (d) {
      console.log(`  rollback drill (${d.command}) to ${d.target}:`);
      console.table({
        'stop both new instances ms': { value: d.stopMs },
        'db:rollback ms (exit)': { value: `${d.rollbackMs} (${d.rollbackExit})` },
        reverted: { value: d.reverted.join(', ') || 'nothing' },
        'old release: start → both ready ms': { value: d.oldReadyMs },
        'start → back in Caddy ms (A, B)': { value: (d.caddyInAfterMs ?? []).join(', ') },
        'downtime: stop → both back in Caddy ms': { value: d.downtimeMs },
        'old release migrated at start': { value: d.migratedAtStart?.join(', ') || 'nothing' },
        'load after: requests by outcome': { value: JSON.stringify(d.requests) },
        'withdrawals answered 201 (in the rows created above)': { value: d.withdrawals201 },
        'a session signed in on the new release, on old A': { value: d.newReleaseSessionOnOldA ?? '-' },
        'GET /version (A)': { value: JSON.stringify(d.version) },
      });
    }
  },
};
