import { DataSource } from 'typeorm';
import type { Logger } from '../logger';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { QueryCounter } from './query-stats';

/** Pool size per server instance; several instances share one Postgres. */
const POOL_MAX = 10;

/**
 * Creates (does not connect) the DataSource. Schema changes come only from migrations;
 * `synchronize` stays off everywhere, tests included, so tests run the real migrations.
 */
export function createDataSource(url: string, logger?: Logger): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migration',
    synchronize: false,
    // Statements are counted per request (Server-Timing), not logged.
    logging: ['query'],
    logger: new QueryCounter(),
    extra: {
      max: POOL_MAX,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      application_name: 'cryptovest',
    },
    poolErrorHandler: (err: unknown) => logger?.warn({ err }, 'postgres pool client error (will reconnect)'),
  });
}

/** Connects and applies pending migrations in one transaction each. */
export async function connectAndMigrate(ds: DataSource): Promise<void> {
  if (!ds.isInitialized) await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
}
