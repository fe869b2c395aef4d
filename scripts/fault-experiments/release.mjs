// The builds of the rolling upgrade (experiment 7): an earlier release checked out from git into the
// run's temp dir and its server built there, and the current build's release commands (the
// migrate-only job and the rollback) as package.json names them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, SERVER_ENTRY } from '../../bench/lib.mjs';
import { now, onCleanup } from './util.mjs';

const execFileP = promisify(execFile);
const git = (args, opts = {}) => execFileP('git', args, { cwd: ROOT, maxBuffer: 16 << 20, ...opts });

/**
 * Checks out `rev` (any git revision: a tag, `e129bb3^`) as a detached worktree at `<tmp>/old-release`,
 * links the repository's node_modules into it (so it compiles and runs against the installed
 * packages, @cryptovest/common included: the current one) and builds only its server
 * (`tsc -p server/tsconfig.build.json`). The worktree is removed at clean-up (`git worktree remove
 * --force`, then `git worktree prune`). Returns the build for Instance: `{ label, root, entry, ... }`.
 */
export async function prepareRelease(rev, tmp) {
  const { stdout } = await git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]).catch(() => ({ stdout: '' }));
  const commit = stdout.trim();
  if (!commit) throw new Error(`--from-release ${rev}: not a git revision of this repository`);
  const short = commit.slice(0, 7);
  const subject = (await git(['log', '-1', '--format=%s', commit])).stdout.trim();
  const root = path.join(tmp, 'old-release');
  const t0 = now();
  await git(['worktree', 'add', '--detach', root, commit]);
  onCleanup('remove the old release worktree', async () => {
    await git(['worktree', 'remove', '--force', root]).catch(() => fs.rmSync(root, { recursive: true, force: true }));
    await git(['worktree', 'prune']);
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  try {
    await execFileP(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'server/tsconfig.build.json'],
      { cwd: root, maxBuffer: 16 << 20, timeout: 600_000 },
    );
  } catch (err) {
    throw new Error(
      `building the server of ${rev} (${short}) failed:\n${String(err.stdout || err.message).slice(0, 3000)}`,
    );
  }
  if (!fs.existsSync(path.join(root, SERVER_ENTRY))) throw new Error(`${rev}: no ${SERVER_ENTRY} after its build`);
  return {
    label: `release ${rev} (${short})`,
    rev,
    commit,
    subject,
    root,
    entry: SERVER_ENTRY,
    buildSeconds: Number(((now() - t0) / 1000).toFixed(1)),
  };
}

/**
 * The built file an npm script of package.json runs (`"db:migrate": "... && node server/dist/scripts/x.js"`:
 * its last `node <file>.js`), so the experiment runs the release command operators run, without
 * npm's build step. `fallback` (a conventional path) is used when package.json has no such script
 * yet and the file exists; null when neither.
 */
export function releaseCommand(script, fallback) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const line = pkg.scripts?.[script];
  const files = line ? [...line.matchAll(/\bnode\s+(\S+\.m?js)\b/g)].map((m) => m[1]) : [];
  const file = files[files.length - 1];
  if (file) {
    if (!fs.existsSync(path.join(ROOT, file)))
      throw new Error(`package.json "${script}" runs ${file}, which is not built: run \`npm run build -w server\``);
    return { script, file, from: `package.json "${script}"` };
  }
  if (fallback && fs.existsSync(path.join(ROOT, fallback)))
    return { script, file: fallback, from: `${fallback} (package.json has no "${script}" script)` };
  return null;
}

/** Runs a release command's built file with `env` (the instances' settings) and `args`; its output and duration. */
export async function runReleaseCommand(command, env, args = []) {
  const t0 = now();
  try {
    const { stdout, stderr } = await execFileP(process.execPath, [command.file, ...args], {
      cwd: ROOT,
      env,
      maxBuffer: 16 << 20,
      timeout: 300_000,
    });
    return { ok: true, code: 0, ms: now() - t0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (err) {
    return {
      ok: false,
      code: err.code ?? null,
      ms: now() - t0,
      stdout: String(err.stdout ?? '').trim(),
      stderr: String(err.stderr ?? err.message).trim(),
    };
  }
}
