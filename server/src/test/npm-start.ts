import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, statusOf } from './spawn-server';

/** The repository root: where `npm start` runs. */
export const ROOT = path.resolve(__dirname, '..', '..', '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One process as /proc shows it. */
export interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  cmd: string;
}

/** Every live (not zombie) process of the machine, read from /proc. */
export function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), cmd });
    } catch {
      // ended while being read
    }
  }
  return found;
}

/**
 * The processes a start left: those of its process group, those naming its data directory (the
 * embedded postmaster, `-D <dataDir>/pg`, wherever its group is), those in `known` (seen while it
 * ran), and all their descendants (PostgreSQL backends name neither).
 */
export function family(pgid: number, dataDir: string, known: number[] = []): Proc[] {
  const all = processes();
  const members = new Set(
    all.filter((p) => p.pgid === pgid || p.cmd.includes(dataDir) || known.includes(p.pid)).map((p) => p.pid),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!members.has(p.pid) && members.has(p.ppid)) {
        members.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => members.has(p.pid));
}

/** A data directory of the test's own, traversable by the `postgres` user the embedded database runs as under root. */
export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptovest-start-'));
  chmodSync(dir, 0o755);
  return dir;
}

/** A running `npm start` (or another command in the repository root) in a process group of its own. */
export interface StartRun {
  pid: number;
  child: ChildProcess;
  base: string;
  dataDir: string;
  startedAt: number;
  /** stdout and stderr interleaved, and each alone. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves with [code, signal] once the process has ended and its output is read. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /**
   * Resolves with the milliseconds from spawn to `/readyz` 200; rejects when the process ends first,
   * when `failOn` matches the output (then the group is killed) or after `timeoutMs`.
   */
  ready(timeoutMs: number, failOn?: RegExp): Promise<number>;
  /** Every process of this start still alive (see `family`), including those `remember` saw. */
  leftovers(): Proc[];
  /** Notes the processes running now (server, postmaster, backends) so `leftovers` checks them too. */
  remember(): Proc[];
  /** SIGKILLs whatever is left and removes the data directory. */
  dispose(): void;
}

/**
 * Spawns `command` (by default `npm start`) from the repository root, detached so the test can
 * signal its process group as a terminal would, on free ports and its own data directory and
 * embedded PostgreSQL (no DATABASE_URL), without network price feeds. NODE_ENV is unset, as in a
 * terminal: development.
 */
export async function startRun(
  env: Record<string, string> = {},
  command: string[] = ['npm', 'start'],
  dataDir = tempDataDir(),
): Promise<StartRun> {
  const port = await freePort();
  const pgPort = await freePort();
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PRICE_FEED_URL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let all = '';
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => {
    all += c.toString();
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    all += c.toString();
    err += c.toString();
  });
  let ended = false;
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('close', (code, signal) => {
      ended = true;
      resolve([code, signal]);
    }),
  );
  const pgid = child.pid!;
  const known = new Set<number>();
  const base = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  const run: StartRun = {
    pid: child.pid!,
    child,
    base,
    dataDir,
    startedAt,
    output: () => all,
    stdout: () => out,
    stderr: () => err,
    exited,
    async ready(timeoutMs, failOn) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await statusOf(`${base}/readyz`, 1000)) === 200) return Date.now() - startedAt;
        if (failOn?.test(all)) {
          run.dispose();
          throw new Error(`output matched ${failOn} before ready:\n${all}`);
        }
        if (ended) throw new Error(`ended before ready:\n${all}`);
        if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${all}`);
        await sleep(100);
      }
    },
    leftovers: () => family(pgid, dataDir, [...known]),
    remember() {
      const now = family(pgid, dataDir);
      for (const p of now) known.add(p.pid);
      return now;
    },
    dispose() {
      for (const p of run.leftovers()) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return run;
}

/** Polls until no process of `run` is left; resolves with the milliseconds it took, or throws listing them. */
export async function untilNoneLeft(run: StartRun, timeoutMs: number): Promise<number> {
  const from = Date.now();
  for (;;) {
    const left = run.leftovers();
    if (!left.length) return Date.now() - from;
    if (Date.now() - from > timeoutMs)
      throw new Error(
        `still running ${timeoutMs} ms after the signal:\n${left.map((p) => `${p.pid} ${p.pgid} ${p.cmd}`).join('\n')}\n--- output:\n${run.output()}`,
      );
    await sleep(100);
  }
}

/** Lines that report an error or are part of a stack trace. */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((l) => /\berror\b|"level":50|^\s+at \S.*[:(]\d+/i.test(l));
}
