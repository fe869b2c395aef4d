import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { BUILD_MIGRATIONS } from '../composition/schema-changes';
import { createScratchDatabase, type ScratchDatabase } from '../test/harness';
import { populateInvestor, type PopulatedInvestor } from '../test/populate';
import { runScript, type ScriptRun } from '../test/run-script';

// Issue 37: the real chain an operator runs: scripts/db-backup.sh (pg_dump) → db:restore-check
// (pg_restore into a new database, then migrations, the ledger invariant and a sign-in).

const LAST = BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 1]!.name;
const BACKUP = 'scripts/db-backup.sh';
const CHECK = 'server/src/scripts/db-restore-check.ts';

let scratch: ScratchDatabase;
let investor: PopulatedInvestor;
let dir: string;

async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
  investor = await populateInvestor(scratch.url);
  dir = mkdtempSync(path.join(tmpdir(), 'cryptovest-backups-'));
}, 60_000);

afterAll(async () => {
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A backup of the scratch database into `dir`: the file it printed. */
async function backup(): Promise<{ file: string; run: ScriptRun }> {
  const run = await runScript(BACKUP, [], { DATABASE_URL: scratch.url, BACKUP_DIR: dir });
  expect([run.code, run.stderr]).toEqual([0, expect.stringContaining('db-backup: wrote')]);
  const file = run.stdout.trim().split('\n').pop()!;
  expect(existsSync(file)).toBe(true);
  return { file, run };
}

/** db:restore-check of `file` on the run's server, signing in as the investor unless `env` says otherwise. */
function check(file: string, env: Record<string, string> = {}, args: string[] = []): Promise<ScriptRun> {
  return runScript(CHECK, [file, ...args], {
    DATABASE_URL: scratch.url,
    RESTORE_CHECK_EMAIL: investor.email,
    RESTORE_CHECK_PASSWORD: investor.password,
    ...env,
  });
}

const line = (run: ScriptRun, name: string) => run.stdout.split('\n').find((l) => l.startsWith(`  ${name} `)) ?? '';
const restoredName = (run: ScriptRun) => /into database (\w+)/.exec(run.stdout)?.[1];

describe('backup, then the restore check', () => {
  let good: string;

  it('a backup of a database holding an investor with a deposit restores and passes every check', async () => {
    const [{ accounts, entries }] = await sql<{ accounts: number; entries: number }>(
      scratch.url,
      `SELECT (SELECT count(*) FROM account)::int AS accounts, (SELECT count(*) FROM ledger_entry)::int AS entries`,
    );
    expect(entries).toBeGreaterThanOrEqual(5); // bonus, lock, unlock, funding, deposit
    const { file } = await backup();
    good = file;
    expect(path.basename(file)).toMatch(/^cryptovest-\d{8}T\d{6}Z(-\d+)?\.dump$/);

    const run = await check(file);
    expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
    expect(line(run, 'restore')).toContain('PASS');
    expect(line(run, 'migrations')).toContain(`PASS    at ${LAST} (${BUILD_MIGRATIONS.length} applied)`);
    expect(line(run, 'ledger')).toContain(`PASS    ${accounts} accounts, ${entries} ledger entries checked`);
    expect(line(run, 'sign-in')).toContain(`PASS    ${investor.email} signs in`);
    expect(run.stdout).toContain('RESTORE CHECK PASSED');
    // The scratch database of the check is gone.
    const name = restoredName(run)!;
    expect(await sql(scratch.url, `SELECT 1 FROM pg_database WHERE datname = $1`, [name])).toEqual([]);

    expect(statSync(file).size).toBeGreaterThan(0);
  }, 90_000);

  it('a wrong password fails the sign-in check (the rest still pass); --keep keeps the database', async () => {
    const name = `cryptovest_restore_keep_${process.pid}`;
    const run = await check(good, { RESTORE_CHECK_PASSWORD: 'not-the-password' }, ['--database', name, '--keep']);
    try {
      expect(run.code).toBe(1);
      expect(line(run, 'sign-in')).toContain(`FAIL    ${investor.email} cannot sign in`);
      for (const name of ['restore', 'migrations', 'ledger']) expect(line(run, name)).toContain('PASS');
      expect(run.stdout).toContain('RESTORE CHECK FAILED');
      expect(run.stdout).toContain(`kept: `);
      expect(await sql(scratch.url, `SELECT 1 AS kept FROM pg_database WHERE datname = $1`, [name])).toEqual([
        { kept: 1 },
      ]);
      // The name is taken now: a second check into it is refused before touching anything.
      const again = await check(good, {}, ['--database', name]);
      expect([again.code, again.stderr]).toEqual([2, expect.stringContaining(`database ${name} already exists`)]);
    } finally {
      await sql(scratch.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 90_000);

  it("a dump whose migrations are not this build's fails the migrations check, naming them", async () => {
    const [row] = await sql<{ id: number; timestamp: string }>(
      scratch.url,
      `DELETE FROM schema_migration WHERE name = $1 RETURNING id, timestamp`,
      [LAST],
    );
    await sql(
      scratch.url,
      `INSERT INTO schema_migration (timestamp, name) VALUES (4102444800000, 'Future4102444800000')`,
    );
    try {
      const { file } = await backup();
      const run = await check(file);
      expect(run.code).toBe(1);
      expect(line(run, 'migrations')).toContain(
        `FAIL    at Future4102444800000, this build expects ${LAST}; pending for this build: ${LAST}; ` +
          `unknown to this build (made by a newer release): Future4102444800000`,
      );
      expect(line(run, 'ledger')).toContain('PASS');
    } finally {
      await sql(scratch.url, `DELETE FROM schema_migration WHERE name = 'Future4102444800000'`);
      await sql(scratch.url, `INSERT INTO schema_migration (id, timestamp, name) VALUES ($1, $2, $3)`, [
        row!.id,
        row!.timestamp,
        LAST,
      ]);
    }
  }, 90_000);

  it("a bucket changed behind the ledger's back fails the ledger check, naming the account and bucket", async () => {
    const [account] = await sql<{ id: string; balance: string }>(
      scratch.url,
      `UPDATE account SET balance = balance + 1 WHERE user_id = $1 RETURNING id::text, balance::text`,
      [investor.userId],
    );
    const { file } = await backup();
    const run = await check(file);
    expect(run.code).toBe(1);
    expect(line(run, 'ledger')).toMatch(
      new RegExp(
        `FAIL .* 1 bucket\\(s\\) differ from their ledger: account ${account!.id} \\(user ${investor.userId}\\) ` +
          `balance = ${account!.balance.replace('.', '\\.')}, its entries sum to `,
      ),
    );
    for (const name of ['restore', 'migrations', 'sign-in']) expect(line(run, name)).toContain('PASS');
    expect(run.stdout).toContain('RESTORE CHECK FAILED');
  }, 90_000);

  it('refuses a missing dump, and a run without a sign-in to check', async () => {
    const missing = await check(path.join(dir, 'nope.dump'));
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('dump file not found')]);
    const unsigned = await check(good, { RESTORE_CHECK_EMAIL: '', RESTORE_CHECK_PASSWORD: '' });
    expect([unsigned.code, unsigned.stderr]).toEqual([2, expect.stringContaining('RESTORE_CHECK_EMAIL')]);
  }, 60_000);
});

describe('scripts/db-backup.sh', () => {
  it('deletes backups older than BACKUP_KEEP_DAYS, always keeping the newest BACKUP_KEEP_MIN', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'cryptovest-retention-'));
    try {
      const daysAgo = (name: string, days: number) => {
        const file = path.join(own, name);
        writeFileSync(file, 'old backup');
        const when = new Date(Date.now() - days * 86_400_000);
        utimesSync(file, when, when);
      };
      for (const days of [5, 10, 12, 20, 21, 22]) daysAgo(`cryptovest-${days}d.dump`, days);
      daysAgo('notes-40d.txt', 40); // not a backup: never touched
      const run = (keepDays: string, keepMin: string) =>
        runScript(BACKUP, [], {
          DATABASE_URL: scratch.url,
          BACKUP_DIR: own,
          BACKUP_KEEP_DAYS: keepDays,
          BACKUP_KEEP_MIN: keepMin,
        });
      const first = await run('14', '2');
      expect(first.code).toBe(0);
      const a = path.basename(first.stdout.trim());
      // The newest two (the new one, 5 days) and the others younger than 14 days stay; 20 to 22 go.
      expect(readdirSync(own).sort()).toEqual(
        [a, 'cryptovest-5d.dump', 'cryptovest-10d.dump', 'cryptovest-12d.dump', 'notes-40d.txt'].sort(),
      );
      expect(first.stderr).toContain('deleted');
      // One day's retention: only the newest three stay, the 5-day-old one although it is past a day.
      const second = await run('1', '3');
      expect(second.code).toBe(0);
      const b = path.basename(second.stdout.trim());
      expect(readdirSync(own).sort()).toEqual([a, b, 'cryptovest-5d.dump', 'notes-40d.txt'].sort());
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits non-zero on a failed dump and leaves no file behind', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'cryptovest-failed-'));
    try {
      const url = new URL(scratch.url);
      url.pathname = '/no_such_database_here';
      const run = await runScript(BACKUP, [], { DATABASE_URL: url.toString(), BACKUP_DIR: own });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('db-backup: FAILED: pg_dump');
      expect(readdirSync(own)).toEqual([]);
      const unset = await runScript(BACKUP, [], { DATABASE_URL: scratch.url });
      expect([unset.code, unset.stderr]).toEqual([1, expect.stringContaining('BACKUP_DIR must be set')]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);
});
