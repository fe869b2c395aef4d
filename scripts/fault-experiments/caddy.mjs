// Caddy in front of the instances (experiment 7): `caddy run` with deploy/Caddyfile as it is, told
// where to listen and what to balance through its environment (SITE_ADDRESS, UPSTREAMS,
// CADDY_ADMIN), its state under the run's temp dir. Its log (JSON: the access log and the active
// health checker's lines) says when an upstream left and rejoined the rotation.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from '../../bench/lib.mjs';
import { freePort, now, tail } from './util.mjs';

const { AbortSignal } = globalThis;

const CADDYFILE = path.join(ROOT, 'deploy', 'Caddyfile');

/** `caddy run --config deploy/Caddyfile --adapter caddyfile` on a loopback port of its own, balancing `upstreams`. */
export class Caddy {
  constructor(tmp, upstreams, port) {
    this.dir = path.join(tmp, 'caddy');
    this.port = port;
    this.logFile = path.join(tmp, 'caddy.log');
    this.upstreams = upstreams;
    this.name = 'caddy';
    this.child = null;
  }

  /** Starts it and resolves once a request through it is answered by an instance (`/readyz` 200). */
  async start(timeoutMs = 30_000) {
    fs.mkdirSync(this.dir, { recursive: true });
    this.port ??= await freePort();
    this.adminPort = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    const bin = process.env.CADDY_BIN || 'caddy';
    const logFd = fs.openSync(this.logFile, 'a');
    this.child = spawn(bin, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      cwd: this.dir,
      env: {
        PATH: process.env.PATH,
        HOME: this.dir,
        XDG_DATA_HOME: path.join(this.dir, 'data'),
        XDG_CONFIG_HOME: path.join(this.dir, 'config'),
        SITE_ADDRESS: `:${this.port}`,
        UPSTREAMS: this.upstreams.join(' '),
        // The Caddyfile's global `admin {$CADDY_ADMIN:localhost:2019}`: a free port, never 2019 (another Caddy's).
        CADDY_ADMIN: `127.0.0.1:${this.adminPort}`,
      },
      stdio: ['ignore', logFd, logFd],
    });
    fs.closeSync(logFd);
    const spawned = new Promise((resolve, reject) => {
      this.child.once('spawn', resolve);
      this.child.once('error', (err) =>
        reject(
          new Error(`${bin}: ${err.code === 'ENOENT' ? 'not installed (apt-get install -y caddy)' : err.message}`),
        ),
      );
    });
    await spawned;
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = now() + timeoutMs;
    for (;;) {
      if (this.child.exitCode !== null)
        throw new Error(`caddy exited with ${this.child.exitCode}:\n${tail(this.logFile)}`);
      try {
        if ((await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        /* not up yet */
      }
      if (now() > deadline) throw new Error(`caddy did not answer in ${timeoutMs / 1000} s:\n${tail(this.logFile)}`);
      await sleep(200);
    }
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    if (!(await Promise.race([this.exited, sleep(10_000).then(() => null)]))) this.child.kill('SIGKILL');
  }

  /**
   * The active health checker's lines about `host` (127.0.0.1:port) since `since` (ms): `{ at, up }`,
   * up true for "host is up" (back in rotation), false for a failed check (out of rotation: one
   * failure is enough with this Caddyfile).
   */
  healthEvents(host, since = 0) {
    const out = [];
    let text = '';
    try {
      text = fs.readFileSync(this.logFile, 'utf8');
    } catch {
      return out;
    }
    for (const line of text.split('\n')) {
      if (!line.includes('health_checker') || !line.includes(`"${host}"`)) continue;
      let e;
      try {
        e = JSON.parse(line);
      } catch {
        continue;
      }
      const at = Math.round(e.ts * 1000);
      if (e.host !== host || at < since) continue;
      out.push({ at, up: e.msg === 'host is up', msg: e.msg });
    }
    return out;
  }

  /** Resolves with the time Caddy's health check first failed for `host` since `since` (taken out), or null after `timeoutMs`. */
  async waitOut(host, since, timeoutMs = 15_000) {
    return this.#waitEvent(host, since, timeoutMs, (e) => !e.up);
  }

  /** Resolves with the time Caddy logged "host is up" for `host` since `since` (back in rotation), or null after `timeoutMs`. */
  async waitUp(host, since, timeoutMs = 15_000) {
    return this.#waitEvent(host, since, timeoutMs, (e) => e.up);
  }

  async #waitEvent(host, since, timeoutMs, pred) {
    const deadline = now() + timeoutMs;
    for (;;) {
      const hit = this.healthEvents(host, since).find(pred);
      if (hit) return hit.at;
      if (now() > deadline) return null;
      await sleep(100);
    }
  }
}
