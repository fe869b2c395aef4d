import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { Client } from 'pg';
import { migrationState } from '../composition/schema-changes';
import { verifyPassword } from '../modules/identity';
import { ledgerMismatches } from '../modules/ledger';

/** The sign-in to prove on the restored data, or 'skip' (the operator said so). */
export type SignInCheck = { email: string; password: string } | 'skip';

/** What `runRestoreCheck` needs: the dump, the server to restore it on, and what to check. */
export interface RestoreCheckOptions {
  dumpFile: string;
  /** A database URL on the server that gets the new database (its own database is not touched). */
  serverUrl: string;
  /** Name of the new database; generated (`cryptovest_restore_<time>_<random>`) when absent. */
  database?: string;
  /** Keep the restored database afterwards (it is dropped otherwise, pass or fail). */
  keep?: boolean;
  signIn: SignInCheck;
  /** pg_restore's parallel jobs (1). */
  jobs?: number;
  /** Progress lines (restoring…, dropping…), for the terminal. */
  progress?: (line: string) => void;
}

/** One check's outcome; `skipped` counts as passed (the operator asked for it). */
export interface CheckOutcome {
  name: 'restore' | 'migrations' | 'ledger' | 'sign-in';
  status: 'pass' | 'fail' | 'skipped' | 'not run';
  detail: string;
  ms: number;
}

/** The whole check: every outcome, where the data went, and whether all held. */
export interface RestoreReport {
  ok: boolean;
  dumpFile: string;
  dumpBytes: number;
  database: string;
  /** The restored database's URL without its password, when kept. */
  keptAt: string | null;
  checks: CheckOutcome[];
}

/** A refusal before anything was created (missing dump, bad or taken database name): exit 2. */
export class RestoreCheckRefused extends Error {}

/** Bucket mismatches listed in the report before "and N more". */
const LISTED_MISMATCHES = 10;

/** pg_restore's last words kept in the report when it fails. */
const STDERR_TAIL = 2000;

const withoutPassword = (url: URL) => {
  const copy = new URL(url);
  copy.password = '';
  return copy.toString();
};

/**
 * The restore check (`npm run db:restore-check -- <dump>`, docs/operations.md "Backups and
 * restores"): restores a dump into a NEW database and proves it usable by this build: every
 * migration of the build applied and none unknown, the ledger invariant (each bucket equals its
 * entries; the one query the tests use), and a sign-in (the password verified against the restored
 * row with the app's own `verifyPassword`). Drops the database afterwards unless `keep`.
 */
export async function runRestoreCheck(options: RestoreCheckOptions): Promise<RestoreReport> {
  let dumpBytes: number;
  try {
    dumpBytes = statSync(options.dumpFile).size;
  } catch {
    throw new RestoreCheckRefused(`dump file not found: ${options.dumpFile}`);
  }
  const name = options.database ?? generatedName();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new RestoreCheckRefused(`database name "${name}": lower-case letters, digits and _ only (at most 63)`);
  const server = new URL(options.serverUrl);
  const target = new URL(server);
  target.pathname = `/${name}`;
  const progress = options.progress ?? (() => undefined);

  await onServer(server, async (admin) => {
    const taken = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (taken.rowCount)
      throw new RestoreCheckRefused(`database ${name} already exists: the check restores into a new database only`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  });
  const checks: CheckOutcome[] = [];
  try {
    progress(`restoring ${options.dumpFile} into ${withoutPassword(target)}`);
    const restore = await timed('restore', () => pgRestore(options.dumpFile, target, options.jobs ?? 1));
    checks.push(restore);
    if (restore.status === 'pass') checks.push(...(await checkRestored(target, options.signIn)));
    else
      for (const name of ['migrations', 'ledger', 'sign-in'] as const)
        checks.push({ name, status: 'not run', detail: 'the restore failed', ms: 0 });
  } finally {
    if (!options.keep) {
      progress(`dropping ${name}`);
      await onServer(server, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }
  return {
    ok: checks.every((c) => c.status === 'pass' || c.status === 'skipped'),
    dumpFile: options.dumpFile,
    dumpBytes,
    database: name,
    keptAt: options.keep ? withoutPassword(target) : null,
    checks,
  };
}

function generatedName(): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `cryptovest_restore_${stamp}_${randomBytes(3).toString('hex')}`;
}

async function onServer<T>(url: URL, work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function timed(
  name: CheckOutcome['name'],
  check: () => Promise<Pick<CheckOutcome, 'status' | 'detail'>>,
): Promise<CheckOutcome> {
  const started = Date.now();
  const outcome = await check();
  return { name, ...outcome, ms: Date.now() - started };
}

/** pg_restore into the new database: owners and grants of the source are not carried over. */
function pgRestore(dumpFile: string, target: URL, jobs: number): Promise<Pick<CheckOutcome, 'status' | 'detail'>> {
  const args = ['--exit-on-error', '--no-owner', '--no-privileges', `--jobs=${jobs}`];
  args.push(`--dbname=${withoutPassword(target)}`, dumpFile);
  return new Promise((resolve) => {
    const child = spawn('pg_restore', args, {
      // The password through the environment, never on a command line others can read.
      env: { ...process.env, ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
    child.once('error', (err) => resolve({ status: 'fail', detail: `pg_restore could not run: ${err.message}` }));
    child.once('close', (code) =>
      resolve(
        code === 0
          ? { status: 'pass', detail: 'pg_restore finished without errors' }
          : { status: 'fail', detail: `pg_restore exited ${code}: ${stderr.trim()}` },
      ),
    );
  });
}

/** The checks on the restored data, each in its own try: one failing never hides the others. */
async function checkRestored(target: URL, signIn: SignInCheck): Promise<CheckOutcome[]> {
  return onServer(target, async (db) => {
    const guard = (fn: () => Promise<Pick<CheckOutcome, 'status' | 'detail'>>) => async () => {
      try {
        return await fn();
      } catch (err) {
        return { status: 'fail' as const, detail: `could not check: ${(err as Error).message}` };
      }
    };
    return [
      await timed(
        'migrations',
        guard(() => checkMigrations(db)),
      ),
      await timed(
        'ledger',
        guard(() => checkLedger(db)),
      ),
      await timed(
        'sign-in',
        guard(() => checkSignIn(db, signIn)),
      ),
    ];
  });
}

async function checkMigrations(db: Client): Promise<Pick<CheckOutcome, 'status' | 'detail'>> {
  const { applied, pending, unknown, expected } = await migrationState(db);
  const last = applied[applied.length - 1] ?? 'no migration';
  if (!pending.length && !unknown.length)
    return { status: 'pass', detail: `at ${last} (${applied.length} applied), as this build expects` };
  const problems = [
    pending.length ? `pending for this build: ${pending.join(', ')}` : '',
    unknown.length ? `unknown to this build (made by a newer release): ${unknown.join(', ')}` : '',
  ].filter(Boolean);
  return { status: 'fail', detail: `at ${last}, this build expects ${expected}; ${problems.join('; ')}` };
}

async function checkLedger(db: Client): Promise<Pick<CheckOutcome, 'status' | 'detail'>> {
  const {
    rows: [counts],
  } = await db.query<{ accounts: number; entries: number }>(
    `SELECT (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM ledger_entry)::int AS entries`,
  );
  const checked = `${counts!.accounts} accounts, ${counts!.entries} ledger entries checked`;
  const broken = await ledgerMismatches(db);
  if (!broken.length) return { status: 'pass', detail: `${checked}: every bucket equals the sum of its entries` };
  const listed = broken
    .slice(0, LISTED_MISMATCHES)
    .map((m) => `account ${m.accountId} (user ${m.userId}) ${m.bucket} = ${m.amount}, its entries sum to ${m.ledger}`);
  const more = broken.length > LISTED_MISMATCHES ? `; and ${broken.length - LISTED_MISMATCHES} more` : '';
  return {
    status: 'fail',
    detail: `${checked}: ${broken.length} bucket(s) differ from their ledger: ${listed.join('; ')}${more}`,
  };
}

async function checkSignIn(db: Client, signIn: SignInCheck): Promise<Pick<CheckOutcome, 'status' | 'detail'>> {
  if (signIn === 'skip') return { status: 'skipped', detail: 'skipped (--skip-sign-in)' };
  // Normalised as the sign-in normalises it (AuthService.signIn).
  const email = signIn.email.trim().toLowerCase();
  const { rows } = await db.query<{ hash: string }>(`SELECT password_hash AS hash FROM app_user WHERE email = $1`, [
    email,
  ]);
  if (!rows[0]) return { status: 'fail', detail: `no user ${email} in the restored data` };
  return (await verifyPassword(rows[0].hash, signIn.password))
    ? { status: 'pass', detail: `${email} signs in: the password matches the restored hash` }
    : { status: 'fail', detail: `${email} cannot sign in: the password does not match the restored hash` };
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The report as printed: one line per check, then the verdict. */
export function formatRestoreReport(report: RestoreReport): string {
  const size = `${(report.dumpBytes / 1024).toFixed(0)} KiB`;
  const lines = [`restore check of ${report.dumpFile} (${size}) into database ${report.database}`];
  for (const c of report.checks)
    lines.push(`  ${c.name.padEnd(10)} ${c.status.toUpperCase().padEnd(7)} ${c.detail} (${duration(c.ms)})`);
  if (report.keptAt) lines.push(`  kept: ${report.keptAt}`);
  lines.push(report.ok ? 'RESTORE CHECK PASSED' : 'RESTORE CHECK FAILED');
  return `${lines.join('\n')}\n`;
}
