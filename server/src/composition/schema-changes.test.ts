import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DEFAULT_DATABASE_LIMITS } from '../kernel/config';
import { ledgerMismatches } from '../modules/ledger/invariant';
import { createScratchDatabase } from '../test/harness';
import { populateInvestor } from '../test/populate';
import { runScript } from '../test/run-script';
import { createEmptyDatabase } from '../test/spawn-server';
import { MIGRATIONS } from './migrations';
import { BUILD_MIGRATIONS, findMigration, migrateDatabase, migrationState, rollbackTo } from './schema-changes';

// Issue 37: the release job (db:migrate), db:rollback, and whether every down() really undoes its up().

const limits = DEFAULT_DATABASE_LIMITS;
const FIRST = BUILD_MIGRATIONS[0]!.name;
const LAST = BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 1]!.name;

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * The application schema as PostgreSQL describes it: columns (in their relative order, types,
 * nullability, defaults), indexes, constraints, triggers and functions of `public`. pg-boss's own
 * schema is not ours to roll back.
 */
async function schemaOf(url: string): Promise<Record<string, string[]>> {
  return withClient(url, async (c) => {
    const lines = async (sql: string) => (await c.query<{ line: string }>(sql)).rows.map((r) => r.line);
    return {
      columns: await lines(`
        SELECT concat_ws(' | ', table_name, row_number() OVER (PARTITION BY table_name ORDER BY ordinal_position),
                         column_name, data_type, udt_name, character_maximum_length, numeric_precision,
                         numeric_scale, is_nullable, column_default, is_identity, is_generated) AS line
          FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migration' ORDER BY 1`),
      indexes: await lines(
        `SELECT tablename || ' | ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migration' ORDER BY 1`,
      ),
      constraints: await lines(`
        SELECT conrelid::regclass::text || ' | ' || conname || ' | ' || pg_get_constraintdef(oid) AS line
          FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_migration' ORDER BY 1`),
      triggers: await lines(`
        SELECT pg_get_triggerdef(oid) AS line FROM pg_trigger
         WHERE NOT tgisinternal AND tgrelid::regclass::text NOT LIKE 'pgboss.%' ORDER BY 1`),
      functions: await lines(`
        SELECT pg_get_functiondef(oid) AS line FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`),
    };
  });
}

describe('rolling back every migration and migrating up again', () => {
  it('each down() gives back the schema its up() found, one migration at a time', async () => {
    const db = await createEmptyDatabase();
    const stepper = (count: number) =>
      new DataSource({
        type: 'postgres',
        url: db.url,
        migrations: MIGRATIONS.slice(0, count),
        migrationsTableName: 'schema_migration',
      });
    try {
      // Up one at a time, noting the schema after each.
      const after: Record<string, string[]>[] = [await schemaOf(db.url)];
      for (let k = 1; k <= MIGRATIONS.length; k++) {
        const ds = await stepper(k).initialize();
        await ds.runMigrations({ transaction: 'each' }).finally(() => ds.destroy());
        after.push(await schemaOf(db.url));
      }
      // Down one at a time: each must leave what was there before its up.
      const ds = await stepper(MIGRATIONS.length).initialize();
      try {
        const wrong: string[] = [];
        for (let k = MIGRATIONS.length; k >= 1; k--) {
          await ds.undoLastMigration({ transaction: 'each' });
          const now = await schemaOf(db.url);
          for (const part of Object.keys(now))
            if (JSON.stringify(now[part]) !== JSON.stringify(after[k - 1]![part]))
              wrong.push(`${BUILD_MIGRATIONS[k - 1]!.name} ${part}: ${diff(after[k - 1]![part]!, now[part]!)}`);
        }
        expect(wrong).toEqual([]);
      } finally {
        await ds.destroy();
      }
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('gives back the identical schema, on a seeded database holding a user with ledger entries', async () => {
    const scratch = await createScratchDatabase();
    try {
      await populateInvestor(scratch.url);
      const before = await schemaOf(scratch.url);
      expect(before.columns.length).toBeGreaterThan(100);

      const down = await rollbackTo(scratch.url, FIRST, limits);
      expect(down).toEqual({
        reverted: BUILD_MIGRATIONS.slice(1)
          .map((m) => m.name)
          .reverse(),
        current: FIRST,
      });
      expect((await stateOf(scratch.url)).applied).toEqual([FIRST]);
      const initial = await schemaOf(scratch.url);
      // Only the first release's tables are left (e.g. no webhooks, no ledger_entry.amount_after).
      expect(initial.columns.some((l) => l.startsWith('webhook_endpoint |'))).toBe(false);
      expect(initial.columns.some((l) => l.startsWith('ledger_entry |') && l.includes('| amount_after |'))).toBe(false);

      const up = await migrateDatabase(scratch.url, limits);
      expect(up.applied).toEqual(BUILD_MIGRATIONS.slice(1).map((m) => m.name));
      expect(up.current).toBe(LAST);
      expect(await schemaOf(scratch.url)).toEqual(before);
    } finally {
      await scratch.drop();
    }
  }, 120_000);

  it('keeps the data of the tables it leaves: a partial rollback and up again keeps the ledger whole', async () => {
    const scratch = await createScratchDatabase();
    try {
      await populateInvestor(scratch.url);
      const entries = await withClient(
        scratch.url,
        async (c) => (await c.query(`SELECT count(*)::int AS n FROM ledger_entry`)).rows[0].n,
      );
      const target = BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 4]!.name;
      expect((await rollbackTo(scratch.url, target, limits)).reverted).toHaveLength(3);
      await migrateDatabase(scratch.url, limits);
      await withClient(scratch.url, async (c) => {
        expect(await ledgerMismatches(c)).toEqual([]);
        expect((await c.query(`SELECT count(*)::int AS n FROM ledger_entry`)).rows[0].n).toBe(entries);
      });
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});

/** What `now` lacks and what it has more than `expected`. */
function diff(expected: string[], now: string[]): string {
  const missing = expected.filter((l) => !now.includes(l)).map((l) => `- ${l}`);
  const extra = now.filter((l) => !expected.includes(l)).map((l) => `+ ${l}`);
  return [...missing, ...extra].join('\n') || 'same lines, another order';
}

const stateOf = (url: string) => withClient(url, (c) => migrationState(c));

describe('naming the rollback target', () => {
  it('accepts the name, the timestamp, the file name and the bare class name', () => {
    const m = BUILD_MIGRATIONS[3]!;
    const bare = m.name.slice(0, -13);
    for (const t of [
      m.name,
      String(m.timestamp),
      `${m.timestamp}-${bare}`,
      `${m.timestamp}-${bare}.ts`,
      bare.toLowerCase(),
    ])
      expect(findMigration(t)).toEqual(m);
    expect(findMigration('Nope')).toBeUndefined();
  });
});

describe('the advisory lock', () => {
  it('a rollback waits while another process (an instance starting, the release job) holds the lock', async () => {
    const db = await createEmptyDatabase();
    const holder = new Client({ connectionString: db.url });
    try {
      await migrateDatabase(db.url, limits);
      await holder.connect();
      await holder.query(`SELECT pg_advisory_lock(hashtext('cryptovest:migrate'))`);
      let settled = false;
      const rollback = rollbackTo(db.url, BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 2]!.name, limits).finally(
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(settled).toBe(false);
      expect((await stateOf(db.url)).applied).toHaveLength(BUILD_MIGRATIONS.length);
      await holder.query(`SELECT pg_advisory_unlock(hashtext('cryptovest:migrate'))`);
      expect((await rollback).reverted).toEqual([LAST]);
    } finally {
      await holder.end().catch(() => undefined);
      await db.drop();
    }
  }, 60_000);
});

describe('the commands', () => {
  it('db:migrate applies, then finds nothing; db:rollback refuses unknown names and no-ops, then reverts', async () => {
    const db = await createEmptyDatabase();
    const env = { DATABASE_URL: db.url };
    try {
      const first = await runScript('server/src/scripts/db-migrate.ts', [], env);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`applied ${BUILD_MIGRATIONS.length} migration(s)`);
      expect(first.stdout).toContain(`database now at ${LAST}`);
      // pg-boss's schema came with it, as an instance's start makes it.
      const [{ boss }] = await withClient(
        db.url,
        async (c) => (await c.query(`SELECT to_regclass('pgboss.job') IS NOT NULL AS boss`)).rows,
      );
      expect(boss).toBe(true);

      const again = await runScript('server/src/scripts/db-migrate.ts', [], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(new RegExp(`^db:migrate: nothing to apply, database at ${LAST} \\([\\d.]+ s\\)\n$`));

      const unknown = await runScript('server/src/scripts/db-rollback.ts', ['--to', 'NoSuchMigration'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('unknown migration "NoSuchMigration"');
      for (const m of BUILD_MIGRATIONS) expect(unknown.stderr).toContain(m.name);

      const noop = await runScript('server/src/scripts/db-rollback.ts', ['--to', LAST], env);
      expect(noop.code).toBe(1);
      expect(noop.stderr).toContain(`nothing to do: ${LAST} is already the last applied migration`);

      const usage = await runScript('server/src/scripts/db-rollback.ts', [], env);
      expect(usage.code).toBe(2);

      const previous = BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 2]!;
      const back = await runScript('server/src/scripts/db-rollback.ts', ['--to', String(previous.timestamp)], env);
      expect(back.code).toBe(0);
      expect(back.stdout).toContain(`reverted 1 migration(s):\n  ${LAST}\ndatabase now at ${previous.name}`);
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('db:migrate exits 1 naming the failure; the migration that failed rolled back', async () => {
    const db = await createEmptyDatabase();
    try {
      await migrateDatabase(db.url, limits);
      await rollbackTo(db.url, BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 2]!.name, limits);
      // Something in the way of the last migration, made by hand: a table of the name it creates,
      // or the column it adds.
      const up = String(MIGRATIONS[MIGRATIONS.length - 1]!.prototype.up);
      const created = /CREATE TABLE (\w+)/.exec(up)?.[1];
      const added = /ALTER TABLE (\w+) ADD COLUMN (\w+)/.exec(up);
      const inTheWay = created ?? added?.[2];
      if (!inTheWay) throw new Error('the last migration neither creates a table nor adds a column: adapt this test');
      const obstacle = created
        ? `CREATE TABLE ${created} (x int)`
        : `ALTER TABLE ${added![1]} ADD COLUMN ${added![2]} int`;
      await withClient(db.url, (c) => c.query(obstacle));
      const run = await runScript('server/src/scripts/db-migrate.ts', [], { DATABASE_URL: db.url });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`db:migrate failed: .*"${inTheWay}".* already exists`));
      expect((await stateOf(db.url)).pending).toEqual([LAST]);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
