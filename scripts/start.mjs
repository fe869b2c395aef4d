// `npm start` (and `npm run dev`): builds only the workspaces whose inputs changed since their last
// build, then runs the server in this same process, so a signal to npm (which forwards it here:
// the script line `exec`s node) or a Ctrl-C reaches the server, which drains and stops its
// embedded PostgreSQL itself. Issue 37.
//
//   node scripts/start.mjs               build what is stale (common, server, client), then serve
//   node scripts/start.mjs --no-client   the same without the client (npm run dev)
//   node scripts/start.mjs --build-only  build what is stale, then exit
//
// A workspace is up to date when its build outputs exist and a SHA-256 of its inputs (sources,
// configs, package.json, the lockfile; tests left out, as the builds leave them out) equals the
// stamp written next to its outputs after its last build here. Without a stamp (built by
// `npm run build`), outputs newer than every input count as up to date and get one. Status lines
// go to stderr: stdout is the server's log stream (JSON lines with LOG_FORMAT=json).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Inputs of every build: dependencies (the lockfile) and the shared compiler settings. */
const SHARED = ['package-lock.json', 'tsconfig.base.json'];
/** The shared package: compiled into common/dist for the server, bundled from source by the client. */
const COMMON = ['common/src', 'common/package.json', 'common/tsconfig.json'];

/** Files no build reads: tests and their support, snapshots. */
const NOT_BUILT = /(^|\/)(test|__snapshots__)\/|\.test\.[cm]?[jt]sx?$/;

/**
 * The workspaces in build order: their inputs (files or directories), the outputs that must exist,
 * the output whose mtime stands for the last build (tsc rewrites its .tsbuildinfo on every build
 * that changed anything; vite rewrites everything), and where the stamp goes.
 */
const WORKSPACES = [
  {
    name: 'common',
    inputs: [...SHARED, ...COMMON],
    outputs: ['common/dist/index.js', 'common/dist/.tsbuildinfo'],
    reference: 'common/dist/.tsbuildinfo',
    stamp: 'common/dist/.build-stamp',
  },
  {
    name: 'server',
    inputs: [
      ...SHARED,
      ...COMMON,
      'server/src',
      'server/package.json',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
    ],
    outputs: ['server/dist/composition/main.js', 'server/dist/.tsbuildinfo'],
    reference: 'server/dist/.tsbuildinfo',
    stamp: 'server/dist/.build-stamp',
  },
  {
    name: 'client',
    inputs: [
      ...SHARED,
      ...COMMON,
      'client/src',
      'client/public',
      'client/build',
      'client/index.html',
      'client/package.json',
      'client/vite.config.ts',
      'client/tsconfig.json',
      'client/tsconfig.node.json',
      // Vite reads VITE_* settings from these when present.
      'client/.env',
      'client/.env.local',
      'client/.env.production',
      'client/.env.production.local',
    ],
    outputs: ['client/dist/index.html', 'client/dist-ssr/entry-server.js'],
    reference: 'client/dist/index.html',
    // In dist-ssr, not dist: nothing under client/dist is to be served that the build did not make.
    stamp: 'client/dist-ssr/.build-stamp',
  },
];

const args = new Set(process.argv.slice(2));
const status = (line) => process.stderr.write(`[start] ${line}\n`);

/** The files of `inputs` (directories walked, sorted), relative to ROOT; listed inputs that do not exist stay in the list. */
function inputFiles(inputs) {
  const files = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.name === 'node_modules' || NOT_BUILT.test(child)) continue;
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  for (const input of inputs) {
    const full = path.join(ROOT, input);
    if (existsSync(full) && statSync(full).isDirectory()) walk(input);
    else files.push(input);
  }
  return [...new Set(files)].sort();
}

/** SHA-256 over the inputs' names and contents (an absent file counts as absent). */
function inputHash(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(ROOT, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(full) ? readFileSync(full) : '\0absent');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The newest mtime among the inputs and the directories holding them (a deleted file changes its directory's). */
function newestInput(files) {
  let newest = 0;
  for (const file of files)
    for (const p of [file, path.dirname(file)]) {
      const full = path.join(ROOT, p);
      if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  return newest;
}

/** Why `ws` must be built, or null when its outputs are up to date (a missing stamp is then written). */
function staleness(ws, hash, files) {
  const missing = ws.outputs.find((o) => !existsSync(path.join(ROOT, o)));
  if (missing) return `no ${missing}`;
  const stampFile = path.join(ROOT, ws.stamp);
  if (existsSync(stampFile)) return readFileSync(stampFile, 'utf8').trim() === hash ? null : 'inputs changed';
  if (newestInput(files) > statSync(path.join(ROOT, ws.reference)).mtimeMs) return 'inputs newer than the build';
  writeFileSync(stampFile, hash);
  return null;
}

let building = null;
let stopped = false;

/**
 * Runs `npm run build -w <name>` with its output on stderr, in a process group of its own (POSIX)
 * so a stop reaches the compiler too: npm passes a signal to its shell, which does not pass it on.
 * Resolves with the exit code.
 */
function build(name) {
  // NODE_ENV is the server's setting, not the build's: a shell's NODE_ENV=development would make
  // vite bundle React's development JSX runtime into the production server renderer.
  const env = { ...process.env };
  delete env.NODE_ENV;
  return new Promise((resolve) => {
    building = spawn('npm', ['run', 'build', '-w', name], {
      cwd: ROOT,
      env,
      stdio: ['ignore', process.stderr, process.stderr],
      shell: process.platform === 'win32',
      detached: process.platform !== 'win32',
    });
    building.once('error', (err) => {
      status(`${name}: could not run npm: ${err.message}`);
      resolve(1);
    });
    building.once('close', (code) => {
      building = null;
      resolve(code ?? 1);
    });
  });
}

/** A stop signal while building: the build is stopped and nothing is started. */
function stopWhileBuilding(signal) {
  if (stopped) return;
  stopped = true;
  status(`${signal}: stopping`);
  if (!building) process.exit(0);
  if (process.platform === 'win32') building.kill(signal);
  else process.kill(-building.pid, signal);
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
for (const signal of STOP_SIGNALS) process.on(signal, stopWhileBuilding);

// npm may die without passing a signal on (SIGKILL, or a shell that did not exec node): once this
// process is orphaned it stops as if told to, the server draining and stopping its database.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 500).unref();

process.chdir(ROOT);
const checkedFrom = Date.now();
for (const ws of WORKSPACES) {
  if (ws.name === 'client' && args.has('--no-client')) continue;
  const files = inputFiles(ws.inputs);
  const hash = inputHash(files);
  const why = staleness(ws, hash, files);
  if (!why) {
    status(`${ws.name}: up to date`);
    continue;
  }
  status(`${ws.name}: building (${why})`);
  const from = Date.now();
  const code = await build(ws.name);
  if (stopped) process.exit(0);
  if (code !== 0) {
    status(`${ws.name}: build failed (exit ${code}); not starting`);
    process.exit(1);
  }
  writeFileSync(path.join(ROOT, ws.stamp), hash);
  status(`${ws.name}: built in ${((Date.now() - from) / 1000).toFixed(1)} s`);
}
status(`builds checked in ${((Date.now() - checkedFrom) / 1000).toFixed(1)} s`);
if (args.has('--build-only')) process.exit(0);

// The server, in this process. Until it has loaded and installed its own signal handlers (they
// replace the ones above), a stop signal still ends this process at once: nothing runs yet.
await import(pathToFileURL(path.join(ROOT, 'server', 'dist', 'composition', 'main.js')).href);
