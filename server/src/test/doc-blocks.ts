import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A fenced code block of a document: its language and text (list indentation removed). */
export interface DocBlock {
  lang: string;
  text: string;
}

/** The fenced blocks under `heading` (up to the next heading of the same level) of a markdown file. */
export function docBlocks(file: string, heading: string): DocBlock[] {
  const text = readFileSync(file, 'utf8');
  const level = heading.match(/^#+/)![0];
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${path.basename(file)} has no section "${heading}"`);
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n${level} `));
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^( *)```(\w+)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
    lang: m[2],
    text: m[3]
      .split('\n')
      .map((line) => line.slice(m[1].length))
      .join('\n'),
  }));
}

/** Saves the `js` blocks in `dir` under the file names their first comment gives. */
function saveScripts(blocks: DocBlock[], dir: string): void {
  for (const block of blocks.filter((b) => b.lang === 'js')) {
    const name = block.text.match(/^\/\/ ([\w.-]+\.m?js)/)?.[1];
    if (!name) throw new Error(`a js block does not name its file in its first line:\n${block.text}`);
    writeFileSync(path.join(dir, name), block.text);
  }
}

/** A documented script left running (a receiver): its output so far, a wait for a line, and a stop. */
export interface RunningDocScript {
  child: ChildProcess;
  output(): string;
  /** Resolves once the output matches `pattern` (rejects when the script ends first or on timeout). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** As runDocScript, for a script that keeps running (e.g. ends by starting a receiver). */
export function startDocScript(blocks: DocBlock[], script: string, env: Record<string, string>): RunningDocScript {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-run-'));
  saveScripts(blocks, dir);
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: dir,
    env: { PATH: process.env.PATH!, HOME: dir, ...env },
    detached: true, // its own process group: stop() ends the receiver it started too
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${timeoutMs} ms:\n${out}`)), timeoutMs);
        const check = () => pattern.test(out) && finish();
        const early = () => finish(new Error(`the script ended before ${pattern}:\n${out}`));
        function finish(err?: Error) {
          clearTimeout(timer);
          child.stdout!.off('data', check);
          child.stderr!.off('data', check);
          child.off('exit', early);
          if (err) reject(err);
          else resolve();
        }
        child.stdout!.on('data', check);
        child.stderr!.on('data', check);
        child.once('exit', early);
        check();
      }),
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await ended;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a script printed, and how it ended. */
export interface ScriptRun {
  stdout: string;
  stderr: string;
}

/**
 * Runs documented commands as a reader would in a clean terminal: the `js` blocks saved under the
 * file name their first comment gives (`// name.mjs: …`), then the `bash` script, in a fresh
 * directory with only `env` (plus PATH and HOME) set. Throws with the output when it fails.
 */
export async function runDocScript(
  blocks: DocBlock[],
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ScriptRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-run-'));
  try {
    saveScripts(blocks, dir);
    const run = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      env: { PATH: process.env.PATH!, HOME: dir, ...env },
      timeout: timeoutMs,
    });
    return { stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
