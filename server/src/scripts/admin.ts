import 'reflect-metadata';
import { loadConfig } from '../kernel/config';
import { createDataSource } from '../composition/data-source';
import { embeddedDatabaseUrl } from '../db/embedded';
import { createLogger } from '../kernel/logger';
import { createServices } from '../composition/services';
import { ADMIN_USAGE, runAdminCommand } from './admin-command';

/**
 * The operator command for administrators (docs/operations.md, "Administrators"):
 *   node server/dist/scripts/admin.js create --email ops@example.com
 *   node server/dist/scripts/admin.js enrolment-code --email ops@example.com
 *   node server/dist/scripts/admin.js reset-second-factor --email ops@example.com
 * Reads the server's environment (DATABASE_URL and the rest; unset: the embedded database of a running
 * `npm start`); prints secrets on this terminal only.
 */
async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv.includes('--help')) {
    process.stderr.write(`${ADMIN_USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  // Without DATABASE_URL: the embedded database of a running `npm start` (development).
  const url = config.databaseUrl ?? embeddedDatabaseUrl(config.dataDir, config.embeddedPgPort);
  if (!url) {
    process.stderr.write('DATABASE_URL must be set (the database of the server whose administrators these are)\n');
    return 2;
  }
  const logger = createLogger('warn', undefined, config.logFormat);
  const ds = createDataSource(url, logger, config.database);
  await ds.initialize();
  const services = createServices(config, ds, logger);
  await services.queue.start(); // a reset's notice is queued with its delivery job (sent here, or retried by the servers)
  try {
    const result = await runAdminCommand(argv, services.admins);
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return result.status;
  } finally {
    await services.background.idle();
    await services.queue.stop();
    await ds.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`admin failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
