import 'reflect-metadata';
import { loadConfig } from '../kernel/config';
import { createLogger } from '../kernel/logger';
import { MigrationRefused, rollbackTo } from '../composition/schema-changes';

const USAGE = `usage: db:rollback --to <migration>
  Runs down() of the applied migrations, newest first, until <migration> is the last one applied
  (it stays applied). <migration>: its name (Webhooks1765929600000), timestamp (1765929600000)
  or file name (1765929600000-Webhooks).`;

/**
 * Undoing a release's schema (docs/operations.md, "Migrations"):
 *   npm run db:rollback -- --to <migration>
 * Under the advisory lock instances take at start. Exit 0 done (lists what it reverted), 1 refused
 * (unknown or unapplied migration, nothing to do) or failed (a down() threw: what was reverted
 * before it stays reverted), 2 usage.
 */
async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--to');
  const target = at >= 0 ? argv[at + 1] : undefined;
  if (!target || argv.includes('--help')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('db:rollback: DATABASE_URL must be set (the database to roll back)\n');
    return 2;
  }
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  try {
    const { reverted, current } = await rollbackTo(config.databaseUrl, target, config.database, logger);
    process.stdout.write(
      `db:rollback: reverted ${reverted.length} migration(s):\n${reverted.map((n) => `  ${n}\n`).join('')}` +
        `database now at ${current}\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof MigrationRefused)) throw err;
    process.stderr.write(`db:rollback refused: ${err.message}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`db:rollback failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
