import type { DataSource } from 'typeorm';
import type { DatabaseLimits } from '../kernel/config';
import { createLogger, type Logger } from '../kernel/logger';
import { JobQueue } from '../platform/jobs';
import { createDataSource, withMigrationLock } from './data-source';
import { MIGRATIONS } from './migrations';

/** A migration of this build: TypeORM's name (the class name) and the timestamp it ends with. */
export interface KnownMigration {
  name: string;
  timestamp: number;
}

/** This build's migrations, oldest first, as TypeORM names them in `schema_migration`. */
export const BUILD_MIGRATIONS: readonly KnownMigration[] = MIGRATIONS.map((M) => {
  const name = new M().name ?? M.name;
  return { name, timestamp: Number(/(\d{13})$/.exec(name)?.[1] ?? NaN) };
});

/** Anything that runs SQL: a TypeORM DataSource (rows) or a `pg` client (`{ rows }`). */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const rowsOf = <T>(answer: unknown): T[] => (Array.isArray(answer) ? answer : (answer as { rows: T[] }).rows) as T[];

/** Where a database stands against this build's migrations. */
export interface MigrationState {
  /** Applied migrations in the order they were applied (`schema_migration.id`). */
  applied: string[];
  /** This build's migrations not applied yet. */
  pending: string[];
  /** Applied migrations this build does not have (the database was migrated by a newer release). */
  unknown: string[];
  /** The last migration of this build: what an up-to-date database has applied last. */
  expected: string;
}

/**
 * Reads `schema_migration` (empty when the table does not exist yet) and compares it with this
 * build: the release job, the rollback and the restore check all judge a database by this.
 */
export async function migrationState(db: Queryable): Promise<MigrationState> {
  const [{ present }] = rowsOf<{ present: boolean }>(
    await db.query(`SELECT to_regclass('schema_migration') IS NOT NULL AS present`),
  );
  const applied = present
    ? rowsOf<{ name: string }>(await db.query(`SELECT name FROM schema_migration ORDER BY id`)).map((r) => r.name)
    : [];
  const known = new Set(BUILD_MIGRATIONS.map((m) => m.name));
  return {
    applied,
    pending: BUILD_MIGRATIONS.map((m) => m.name).filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.has(name)),
    expected: BUILD_MIGRATIONS[BUILD_MIGRATIONS.length - 1]!.name,
  };
}

/** A schema command that would do harm or nothing (unknown target, nothing to undo): exit 1, no change. */
export class MigrationRefused extends Error {}

/**
 * The migration `target` names: its TypeORM name (`Webhooks1765929600000`), its timestamp
 * (`1765929600000`), its file name (`1765929600000-Webhooks`, `.ts` optional) or the bare class
 * name (`Webhooks`), case-insensitive. Undefined when this build has no such migration.
 */
export function findMigration(target: string): KnownMigration | undefined {
  const t = target
    .trim()
    .replace(/\.[tj]s$/, '')
    .toLowerCase();
  return BUILD_MIGRATIONS.find((m) => {
    const bare = m.name.slice(0, -13).toLowerCase();
    return [m.name.toLowerCase(), String(m.timestamp), `${m.timestamp}-${bare}`, bare].includes(t);
  });
}

/** What `migrateDatabase` did. */
export interface MigrateResult {
  /** Migrations applied by this run, in order (empty: the database was up to date). */
  applied: string[];
  /** The last applied migration afterwards. */
  current: string;
}

/**
 * The release job (`npm run db:migrate`): what an instance does to the schema at start, without
 * starting one: pending migrations (one transaction each, no statement timeout) and pg-boss's
 * schema, under the same advisory lock as instance start-up. Seeding stays with the instances.
 */
export async function migrateDatabase(url: string, limits: DatabaseLimits, logger?: Logger): Promise<MigrateResult> {
  const ds = createDataSource(url, logger, { ...limits, statementTimeoutMs: 0 });
  try {
    return await withMigrationLock(
      ds,
      async () => {
        const applied = (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
        const queue = new JobQueue({ url, logger: logger ?? createLogger('silent') });
        try {
          await queue.start();
        } finally {
          await queue.stop();
        }
        const state = await migrationState(ds);
        return { applied, current: state.applied[state.applied.length - 1] ?? '' };
      },
      logger,
    );
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}

/** What `rollbackTo` did. */
export interface RollbackResult {
  /** Migrations reverted, newest first. */
  reverted: string[];
  /** The last applied migration afterwards (the target). */
  current: string;
}

/**
 * `npm run db:rollback -- --to <migration>`: runs `down()` of the applied migrations newest first
 * (one transaction each) until `target` is the last one applied; the target stays applied. Under
 * the migration lock, so it never interleaves with an instance starting or the release job.
 * Refuses (MigrationRefused, nothing changed) an unknown or unapplied target, a target that is
 * already the last, and a database holding migrations this build cannot revert.
 */
export async function rollbackTo(
  url: string,
  target: string,
  limits: DatabaseLimits,
  logger?: Logger,
): Promise<RollbackResult> {
  const goal = findMigration(target);
  if (!goal)
    throw new MigrationRefused(
      `unknown migration "${target}". This build knows:\n${BUILD_MIGRATIONS.map((m) => `  ${m.name}`).join('\n')}`,
    );
  const ds = createDataSource(url, logger, { ...limits, statementTimeoutMs: 0 });
  try {
    return await withMigrationLock(ds, () => revertAfter(ds, goal.name, logger), logger);
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}

async function revertAfter(ds: DataSource, goal: string, logger?: Logger): Promise<RollbackResult> {
  const { applied, unknown } = await migrationState(ds);
  const at = applied.indexOf(goal);
  if (at < 0)
    throw new MigrationRefused(
      `${goal} is not applied (the database's last migration is ${applied[applied.length - 1] ?? 'none'}): nothing to roll back to`,
    );
  const toRevert = applied.slice(at + 1).reverse();
  if (!toRevert.length) throw new MigrationRefused(`nothing to do: ${goal} is already the last applied migration`);
  const foreign = toRevert.filter((name) => unknown.includes(name));
  if (foreign.length)
    throw new MigrationRefused(
      `the database holds migrations this build does not have (${foreign.join(', ')}): roll back with the release that added them`,
    );
  const reverted: string[] = [];
  for (const name of toRevert) {
    try {
      await ds.undoLastMigration({ transaction: 'each' });
    } catch (err) {
      const done = reverted.length ? `already reverted: ${reverted.join(', ')}; ` : '';
      throw new Error(
        `down() of ${name} failed (its transaction rolled back): ${(err as Error).message}; ${done}` +
          `the database is now at ${name}`,
        { cause: err },
      );
    }
    const now = (await migrationState(ds)).applied;
    // TypeORM reverts the last applied one; anything else would be a bug worth stopping on.
    if (now.includes(name)) throw new Error(`reverting ${name} did not remove it from schema_migration`);
    reverted.push(name);
    logger?.info({ migration: name }, 'migration reverted');
  }
  return { reverted, current: goal };
}
