import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const HOOK = path.join(__dirname, 'swc-hook.cjs');

/** How an operator command ended: exit code, what it printed, how long it took. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs a command as its process: an operator script from source (`server/src/scripts/x.ts`,
 * compiled on load by swc-hook.cjs, the entry `npm run x` builds and runs) or any executable (a
 * shell script), from the repository root with a test environment plus `env`. Never rejects on a
 * failing exit: tests assert the code and the output.
 */
export function runScript(
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ScriptRun> {
  const target = path.resolve(ROOT, file);
  const [command, argv] = target.endsWith('.ts')
    ? [process.execPath, ['-r', HOOK, target, ...args]]
    : [target, [...args]];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
