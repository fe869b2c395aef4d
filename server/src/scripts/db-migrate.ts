import 'reflect-metadata';
import { loadConfig } from '../kernel/config';
import { createLogger } from '../kernel/logger';
import { migrateDatabase } from '../composition/schema-changes';

/**
 * The release job run before instances roll (docs/operations.md, "Migrations"):
 *   npm run db:migrate
 * Applies pending migrations and pg-boss's schema to DATABASE_URL under the advisory lock
 * instances take at start, prints what it applied, exits 0; exits 1 with the reason on failure
 * (the failed migration's transaction rolled back; the ones before it stay applied).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('db:migrate: DATABASE_URL must be set (the database to migrate)\n');
    return 2;
  }
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  const started = Date.now();
  const { applied, current } = await migrateDatabase(config.databaseUrl, config.database, logger);
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  process.stdout.write(
    applied.length
      ? `db:migrate: applied ${applied.length} migration(s) in ${took}:\n${applied.map((n) => `  ${n}\n`).join('')}` +
          `database now at ${current}\n`
      : `db:migrate: nothing to apply, database at ${current} (${took})\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`db:migrate failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
