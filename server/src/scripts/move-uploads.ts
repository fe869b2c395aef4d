import 'reflect-metadata';
import { type UploadStorageDriver, UPLOAD_STORAGE_DRIVERS, loadConfig } from '../kernel/config';
import { createDataSource } from '../composition/data-source';
import { systemClock } from '../kernel/clock';
import { createLogger } from '../kernel/logger';
import { createBlobStore, moveUploads } from '../platform/storage';

/**
 * One-shot move of upload bytes between storage drivers, e.g. before switching UPLOAD_STORAGE:
 *   npm run uploads:move -- --from disk --to postgres [--delete-source]
 * Reads the same environment as the server (DATABASE_URL, UPLOAD_DIR, S3_*). Safe to run again.
 * Exits 1 when some upload could not be moved (listed), 2 on bad arguments.
 */
async function main(argv: string[]): Promise<number> {
  const arg = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const isDriver = (v: string | undefined): v is UploadStorageDriver =>
    (UPLOAD_STORAGE_DRIVERS as readonly string[]).includes(v ?? '');
  const from = arg('--from');
  const to = arg('--to');
  if (!isDriver(from) || !isDriver(to) || from === to) {
    console.error(`usage: move-uploads --from <${UPLOAD_STORAGE_DRIVERS.join('|')}> --to <another> [--delete-source]`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('DATABASE_URL must be set (the database whose uploads are moved)');
    return 2;
  }
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel, undefined, config.logFormat);
  const ds = createDataSource(config.databaseUrl, logger, { ...config.database, statementTimeoutMs: 0 });
  await ds.initialize();
  const source = createBlobStore(config, ds, systemClock, from);
  const target = createBlobStore(config, ds, systemClock, to);
  try {
    const report = await moveUploads(ds, source, target, { deleteSource: argv.includes('--delete-source'), logger });
    logger.info({ from, to, ...report }, 'uploads moved');
    process.stdout.write(`${JSON.stringify({ from, to, ...report })}\n`);
    return report.missing.length || report.mismatched.length ? 1 : 0;
  } finally {
    await source.close();
    await target.close();
    await ds.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('move-uploads failed:', err);
    process.exit(1);
  },
);
