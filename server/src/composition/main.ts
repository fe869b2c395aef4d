import 'reflect-metadata';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
import type { Config } from '../kernel/config';
import type { Logger } from '../kernel/logger';

/** What stops the server: a supervisor's SIGTERM, a terminal's Ctrl-C (SIGINT) or its closing (SIGHUP). */
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Where the generated first admin's credentials go when the output is a log stream (under DATA_DIR). */
const FIRST_ADMIN_FILE = 'first-admin.txt';

/** The admin the start generated (prepareData), with its password and enrolment code. */
type NewAdmin = NonNullable<Awaited<ReturnType<typeof prepareData>>>;

/**
 * The generated first admin (development only: production never invents one), told once, on the
 * start that created it. On a terminal with readable logs it is printed; when stdout is a log
 * stream (LOG_FORMAT=json, or not a terminal) the password must not enter it: it goes to a file
 * only this user can read, and one log line says where.
 */
function announceFirstAdmin(admin: NewAdmin, config: Config, logger: Logger): void {
  const text =
    `  First admin created. Sign in at ${config.publicUrl}/login with:\n` +
    `    e-mail:   ${admin.email}\n    password: ${admin.password}\n` +
    `  Then set up two-factor sign-in (Security) with this one-time enrolment code:\n` +
    `    ${admin.code}   (valid until ${admin.expiresAt.toUTCString()})\n` +
    `  Change the password after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD.\n`;
  if (config.logFormat === 'pretty' && prettyInstalled() && process.stdout.isTTY) {
    process.stdout.write(`\n${text}\n`);
    return;
  }
  const file = path.join(config.dataDir, FIRST_ADMIN_FILE);
  rmSync(file, { force: true }); // a new file, so the mode below applies
  writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  logger.warn(
    { file },
    `first admin created: its e-mail, password and one-time enrolment code are in ${file} (readable by this user only); delete it after signing in`,
  );
}

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
  // Until the shutdown sequence exists (below), a stop signal ends the start at once: nothing is
  // served yet, and an embedded database already running gets its fast shutdown from this
  // process's exit (db/embedded.ts).
  const stopWhileStarting = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopped while starting');
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stopWhileStarting);

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, logger);
    url = embedded.url;
    logger.info(
      { port: config.embeddedPgPort, pid: embedded.pid, log: path.join(config.dataDir, 'pg.log') },
      'embedded PostgreSQL running (no DATABASE_URL set)',
    );
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
  if (generatedAdmin) announceFirstAdmin(generatedAdmin, config, logger);

  const shutdown = shutdownHandler({
    app,
    services,
    logger,
    delayMs: config.lifecycle.shutdownDelayMs,
    drainTimeoutMs: config.lifecycle.shutdownDrainTimeoutMs,
    stopEmbedded: embedded?.stop ?? null,
    exit: (code) => process.exit(code),
  });
  // This process owns its shutdown order (HTTP, job queue, pool, then the embedded database): no
  // other handler may end it first.
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
}

main().catch((err) => {
  console.error('CryptoVest failed to start:', err);
  process.exit(1);
});
