import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from '../kernel/config';
import type { Logger } from '../kernel/logger';
import { ENTITIES } from './entities';
import { CommitHooks } from '../db/commit-hooks';
import { MIGRATIONS } from './migrations';
import { QueryCounter } from '../kernel/query-stats';

/** The client stops waiting this long after the server's statement_timeout would have cancelled. */
const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * pg's client, except that a query that outlives `query_timeout` closes the connection. The server
 * may still be running it (a frozen server answers later) and a rollback queued behind it is never
 * sent, so the client must not go back to the pool: a later request would share its half-done
 * transaction. A closed client is dropped by pg-pool on release.
 */
class DiscardOnReadTimeoutClient extends Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads
  override query(...args: any[]): any {
    const discard = (err: unknown) => {
      if ((err as Error | undefined)?.message === 'Query read timeout') this.end().catch(() => undefined);
    };
    const last = args.length - 1;
    const callback: unknown = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        if (err) discard(err);
        callback(err, res);
      };
      return Client.prototype.query.apply(this, args as never);
    }
    const result = Client.prototype.query.apply(this, args as never) as unknown;
    if (result instanceof Promise) result.catch(discard);
    return result;
  }
}

/**
 * Creates (does not connect) the DataSource. Schema changes come only from migrations;
 * `synchronize` stays off everywhere, tests included, so tests run the real migrations.
 * Every wait on PostgreSQL is bounded (`limits`), so an outage answers 503 in seconds; so is the
 * pool (`limits.poolMax`), as several instances share one PostgreSQL.
 */
export function createDataSource(
  url: string,
  logger?: Logger,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    subscribers: [CommitHooks],
    migrationsTableName: 'schema_migration',
    synchronize: false,
    // Statements are counted per request (Server-Timing), not logged.
    logging: ['query'],
    logger: new QueryCounter(),
    extra: {
      max: limits.poolMax,
      // Opening a connection, or waiting for a free one in a full pool.
      connectionTimeoutMillis: limits.connectTimeoutMs,
      // The server cancels a statement after this (57014); a frozen server cannot, so the client
      // gives up a little later (query_timeout) and drops the connection.
      // 0 means no limit (migrations, which may build an index on a big table).
      ...(limits.statementTimeoutMs > 0
        ? {
            statement_timeout: limits.statementTimeoutMs,
            query_timeout: limits.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
          }
        : {}),
      Client: DiscardOnReadTimeoutClient,
      idleTimeoutMillis: 30000,
      application_name: 'cryptovest',
      // No JIT compilation (PostgreSQL's default turns it on once a plan's estimated cost passes
      // jit_above_cost): the app sends short statements, and at 10M transactions the admin
      // overview, a 10 ms statement whose estimate a partial index range inflates, spent 1.07 s
      // compiling (bench/admin-overview.mjs, docs/scaling.md).
      options: '-c jit=off',
    },
    // The error's code and message only: the error object drags the whole pg client into the log.
    poolErrorHandler: (err: unknown) => {
      const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
      logger?.warn({ code, message }, 'postgres pool client error (will reconnect)');
    },
  });
}

/** Session advisory lock key (hashtext of this) held while one instance migrates and seeds. */
const STARTUP_LOCK = 'cryptovest:migrate';

/** How often a waiting instance asks for the lock again (polling: no statement timeout cuts the wait). */
const STARTUP_LOCK_POLL_MS = 250;

/**
 * Runs `work` while holding the PostgreSQL advisory lock that serialises schema changes, on one
 * dedicated connection of `ds` (connected here when it is not yet): instance start-up, the release
 * job (`db:migrate`) and `db:rollback` all take it, so they never change the schema at once. The
 * lock ends with its session, so a process that dies mid-migration never blocks the others.
 */
export async function withMigrationLock<T>(ds: DataSource, work: () => Promise<T>, logger?: Logger): Promise<T> {
  if (!ds.isInitialized) await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    const take = async () =>
      (await lock.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [STARTUP_LOCK]))[0].locked === true;
    if (!(await take())) {
      logger?.info('another instance is migrating the database: waiting for it');
      while (!(await take())) await new Promise((resolve) => setTimeout(resolve, STARTUP_LOCK_POLL_MS));
    }
    try {
      return await work();
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext($1))`, [STARTUP_LOCK]);
    }
  } finally {
    await lock.release();
  }
}

/**
 * Connects, then applies pending migrations (one transaction each) and runs `seed` under the
 * migration lock (`withMigrationLock`): instances starting together on an empty database take
 * turns instead of racing on the same CREATE TABLE.
 */
export async function connectAndMigrate<T = void>(
  ds: DataSource,
  seed?: () => Promise<T>,
  logger?: Logger,
): Promise<T | undefined> {
  return withMigrationLock(
    ds,
    async () => {
      await ds.runMigrations({ transaction: 'each' });
      return await seed?.();
    },
    logger,
  );
}

/** First wait between attempts to reach the database at start, and the most it grows to. */
const STARTUP_BACKOFF_MS = { first: 500, max: 5000 };

/** SQLSTATE class 28 (bad password, unknown role): waiting will not fix it. */
const isAuthFailure = (err: unknown) => /^28/.test(String((err as { code?: unknown }).code ?? ''));

/**
 * Waits until PostgreSQL accepts a connection (a database restarting or still booting beside the
 * app), retrying with exponential backoff and logging each wait; throws with a clear message after
 * `timeoutS` seconds, or at once when the credentials are refused.
 */
export async function waitForDatabase(url: string, timeoutS: number, logger?: Logger): Promise<void> {
  const where = (() => {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  })();
  const deadline = Date.now() + timeoutS * 1000;
  let delay = STARTUP_BACKOFF_MS.first;
  for (let attempt = 1; ; attempt++) {
    const remaining = deadline - Date.now();
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: Math.max(1000, Math.min(5000, remaining)),
    });
    client.on('error', () => undefined); // a drop after connect is reported by the attempt itself
    try {
      await client.connect();
      await client.query('SELECT 1');
      if (attempt > 1) logger?.info({ database: where, attempt }, 'database reachable');
      return;
    } catch (err) {
      const reason = (err as Error).message;
      if (isAuthFailure(err)) throw new Error(`PostgreSQL at ${where} refused the credentials: ${reason}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `PostgreSQL at ${where} was unreachable for ${timeoutS} s (DB_STARTUP_TIMEOUT_S); last error: ${reason}`,
        );
      }
      const wait = Math.min(delay, left);
      logger?.warn({ database: where, attempt, retryInMs: wait, reason }, 'database unreachable, retrying');
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, STARTUP_BACKOFF_MS.max);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
