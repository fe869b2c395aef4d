// The two server instances (A and B) on the experiments' one database, started through
// bench/lib.mjs's startServer (the built server's entry lives there), each logging to its own file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, SERVER_ENTRY, startServer } from '../../bench/lib.mjs';
import { now, tail } from './util.mjs';

/** Server settings of the experiment (short, so outages resolve within the caps). */
export const SERVER_TIMEOUTS = {
  SHUTDOWN_DELAY_MS: '1000',
  DB_STATEMENT_TIMEOUT_MS: '3000',
  DB_CONNECT_TIMEOUT_MS: '1000',
  SMTP_TIMEOUT_MS: '2000',
};

/** Money policy an operator may set (server/src/config.ts): passed on when set here, read back from GET /api/site. */
const POLICY_ENV = ['MIN_WITHDRAWAL', 'SIGNUP_BONUS'];

/**
 * The environment both instances share: only what is set here (plus the money policy above), so
 * the caller's own settings (SITE_FILE, S3_*, DATABASE_URL...) never leak into the experiment.
 */
export function serverEnv({ tmp, dbUrl, smtpPort, publicPort, uploadDir, admin }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? tmp,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
    WALLETS_FILE: 'config/wallets.example.json',
    // Experiment 6 breaks the directory: the disk driver (one directory both instances share).
    UPLOAD_STORAGE: 'disk',
    UPLOAD_DIR: uploadDir,
    DATA_DIR: path.join(tmp, 'data'),
    CLIENT_DIST: path.join(tmp, 'no-client-build'),
    CLIENT_SSR_ENTRY: path.join(tmp, 'no-client-build', 'entry-server.js'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    PRICE_FEED_URL: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_IP_HOURLY: '1000000',
    RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '1000000',
    RATE_LIMIT_UPLOADS_HOURLY: '100000',
    DB_STARTUP_TIMEOUT_S: '30',
    ...SERVER_TIMEOUTS,
    ...Object.fromEntries(POLICY_ENV.filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
  };
}

/** The build every experiment runs unless told otherwise: this repository's server/dist. */
export const CURRENT_BUILD = { label: 'current build', root: ROOT, entry: SERVER_ENTRY };

/**
 * One server instance the experiments start, SIGTERM and start again (experiment 3). `build`
 * (`{ label, root, entry }`, default CURRENT_BUILD) is what `start` runs; experiment 7 starts an
 * earlier release and then swaps in the current build on the same port (`build = ...`, `start`).
 */
export class Instance {
  constructor(name, port, env, logFile, build = CURRENT_BUILD) {
    this.name = name;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.env = env;
    this.logFile = logFile;
    this.build = build;
    this.child = null;
    this.exited = null;
  }

  /** Starts the server and resolves once its /readyz answers 200 (the log's tail in the error otherwise). */
  async start(readyTimeoutMs = 60_000) {
    fs.appendFileSync(this.logFile, `--- start ${new Date().toISOString()} (${this.build.label})\n`);
    let server;
    try {
      server = await startServer(this.port, this.env, {
        logFile: this.logFile,
        cleanEnv: true,
        readyTimeoutMs,
        root: this.build.root,
        entry: this.build.entry,
      });
    } catch (err) {
      throw new Error(`instance ${this.name}: ${err.message}:\n${tail(this.logFile)}`);
    }
    const child = server.child;
    this.child = child;
    this.exited = new Promise((resolve) => {
      const done = (code, signal) => resolve({ code, signal, at: now() });
      if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode, child.signalCode);
      else child.once('exit', done);
    });
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop() {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const exited = await Promise.race([this.exited, sleep(20_000).then(() => null)]);
    if (!exited) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}
