import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabaseOn, type FreshDatabase } from './test-database';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const HOOK = path.join(__dirname, 'swc-hook.cjs');
const MAIN = path.join(ROOT, 'server', 'src', 'composition', 'main.ts');

/** The JWT secret spawned servers use: tests sign session tokens with it. */
export const SPAWN_JWT_SECRET = 'spawned-server-secret-that-is-long-enough-0123456789';

/** Output kept per server (the tail), enough for the last log lines of a busy run. */
const MAX_OUTPUT = 1_000_000;

/** A real server process (server/src/composition/main.ts, run from source) for fault tests. */
export interface SpawnedServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** stdout and stderr so far (pino JSON lines, start-up messages). */
  output(): string;
  /** Resolves once the output matches `pattern`; rejects if the process exits first or on timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once `/readyz` answers 200; rejects if the process exits first or on timeout. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Ports handed to child servers: below Linux's ephemeral range (32768-60999), so an outgoing
 * connection of another test (to PostgreSQL, SMTP, ...) can't take the port as its local end
 * between this check and the child's listen (seen as EADDRINUSE on a port from listen(0)).
 */
const CHILD_PORTS = { from: 20_000, to: 32_767 };

/** True when nothing listens on 127.0.0.1:`port` right now (it could be bound, then released). */
function bindable(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, outside the ephemeral range (listen on 0 as a last resort). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = CHILD_PORTS.from + Math.floor(Math.random() * (CHILD_PORTS.to - CHILD_PORTS.from + 1));
    if (await bindable(port)) return port;
  }
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The status of a GET on a connection of its own (no keep-alive), or null when none came. */
export function statusOf(url: string, timeoutMs = 2000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children still running are killed if the test process ends first (a failed test never leaks servers). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the real server as a child process (no build: `.ts` compiled on load by swc-hook.cjs)
 * with test defaults plus `env`, and waits for `/readyz` to answer 200 unless `waitReady` is false.
 */
export async function spawnServer(
  env: Record<string, string>,
  { waitReady = true }: { waitReady?: boolean } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptovest-spawned-'));
  const child = spawn(process.execPath, ['-r', HOOK, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      JWT_SECRET: SPAWN_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_HOURLY: '1000000',
      RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    // 'close', not 'exit': by then every byte of its output has been read.
    child.once('close', (code) => {
      exitCode = code;
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );

  const until = async (what: string, done: () => Promise<boolean> | boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before ${what}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server not ${what} after ${timeoutMs} ms:\n${output}`);
      await sleep(50);
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const server: SpawnedServer = {
    base,
    pid: child.pid!,
    child,
    exited,
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 60_000) => until(`saying ${pattern}`, () => pattern.test(output), timeoutMs),
    ready: (timeoutMs = 60_000) => until('ready', async () => (await statusOf(`${base}/readyz`)) === 200, timeoutMs),
    async stop(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
  if (waitReady) {
    try {
      await server.ready();
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
  }
  return server;
}

/**
 * A new empty database on the server the run's tests use (global setup's), for tests that need
 * one of their own (fresh migrations, a server process of their own). Drop it with `drop()`.
 */
export function createEmptyDatabase(): Promise<FreshDatabase> {
  const runUrl = process.env.CRYPTOVEST_TEST_DB_URL;
  if (!runUrl) throw new Error('global setup did not provide CRYPTOVEST_TEST_DB_URL');
  return freshDatabaseOn(runUrl, 'cryptovest_fault');
}
