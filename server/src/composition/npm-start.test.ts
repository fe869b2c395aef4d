import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorLines, ROOT, startRun, tempDataDir, untilNoneLeft, type StartRun } from '../test/npm-start';

// Issue 37: a start that respects the user's time. `npm start` builds only what is stale, a
// second start is ready in seconds, SIGTERM to npm and Ctrl-C (SIGINT to the whole process group)
// stop the server and its embedded PostgreSQL cleanly with nothing left running, and the first
// admin's password never enters a JSON log stream. Real processes on the built tree: run
// `npm run build` (or `npm start`) once before this file.

/** What npm prints before running a workspace's build script (`> tsc -p …`, `> vite build …`). */
const BUILD_LINE = /^> (tsc|vite) /m;

const runs: StartRun[] = [];
afterEach(() => {
  for (const run of runs.splice(0)) run.dispose();
});

/** Starts `npm start` (or `command`) and keeps it for clean-up. */
async function start(env: Record<string, string> = {}, command?: string[], dataDir?: string): Promise<StartRun> {
  const run = await startRun(env, command, dataDir);
  runs.push(run);
  return run;
}

/** mtimes of the build outputs the start must leave alone when nothing changed. */
function outputMtimes(): Record<string, number> {
  const files = [
    'common/dist/index.js',
    'server/dist/composition/main.js',
    'server/dist/.tsbuildinfo',
    'client/dist/index.html',
    'client/dist-ssr/entry-server.js',
  ];
  return Object.fromEntries(files.map((f) => [f, statSync(path.join(ROOT, f)).mtimeMs]));
}

/** Asserts a stop left nothing running and printed no error; returns how long the stop took. */
async function expectCleanStop(run: StartRun, signal: () => void): Promise<number> {
  const seen = run.remember();
  // The server and the embedded postmaster (with its backends) ran: the check below has something to miss.
  expect(seen.some((p) => /scripts\/start\.mjs|composition\/main\.js/.test(p.cmd))).toBe(true);
  expect(seen.some((p) => p.cmd.includes(`${run.dataDir}/pg`))).toBe(true);
  const from = Date.now();
  signal();
  await untilNoneLeft(run, 30_000);
  const took = Date.now() - from;
  await run.exited;
  expect(errorLines(run.output())).toEqual([]);
  expect(run.output()).toMatch(/stopped cleanly/);
  // The database stopped after its clients left: a smart shutdown sufficed (no session was left
  // open) and no connection was cut by it.
  const pgLog = readFileSync(path.join(run.dataDir, 'pg.log'), 'utf8');
  expect(pgLog).toMatch(/received smart shutdown request[^]*database system is shut down/);
  expect(pgLog).not.toMatch(/fast shutdown|terminating connection due to administrator command/);
  return took;
}

it('a second start with nothing changed builds nothing and is ready in seconds', async () => {
  const dataDir = tempDataDir();
  // The first start may build what other edits made stale; the second must not build anything.
  const first = await start({}, undefined, dataDir);
  const firstMs = await first.ready(300_000);
  process.kill(first.pid, 'SIGTERM');
  await untilNoneLeft(first, 30_000);
  const before = outputMtimes();

  const second = await start({}, undefined, dataDir);
  const secondMs = await second.ready(60_000, BUILD_LINE);
  for (const ws of ['common', 'server', 'client']) expect(second.output()).toMatch(new RegExp(`${ws}: up to date`));
  expect(second.output()).not.toMatch(BUILD_LINE);
  expect(outputMtimes()).toEqual(before);
  expect(secondMs).toBeLessThan(20_000);
  process.stdout.write(`npm start: first ready in ${firstMs} ms, second in ${secondMs} ms\n`);
  process.kill(second.pid, 'SIGTERM');
  await untilNoneLeft(second, 30_000);
  rmSync(dataDir, { recursive: true, force: true });
}, 420_000);

describe('which workspaces a start rebuilds (a copy of the start script on a tree of fake workspaces)', () => {
  let root: string;
  const builds = () =>
    existsSync(path.join(root, 'builds.log')) ? readFileSync(path.join(root, 'builds.log'), 'utf8') : '';
  /** Runs the start script's build step; returns the workspaces built this time. */
  const buildOnly = (): string[] => {
    const before = builds().split('\n').filter(Boolean).length;
    execFileSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--build-only'], {
      cwd: root,
      stdio: 'pipe',
    });
    return builds().split('\n').filter(Boolean).slice(before);
  };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cryptovest-fake-tree-'));
    cpSync(path.join(ROOT, 'scripts'), path.join(root, 'scripts'), { recursive: true });
    write('package.json', JSON.stringify({ name: 'fake', private: true, workspaces: ['common', 'server', 'client'] }));
    write('package-lock.json', '{"lockfileVersion":3}');
    write('tsconfig.base.json', '{}');
    // Each fake build writes the outputs the start script checks and notes itself in builds.log.
    write(
      'fake-build.cjs',
      `const fs = require('fs'); const path = require('path');
       const ws = process.argv[2];
       const outputs = { common: ['dist/index.js', 'dist/.tsbuildinfo'], server: ['dist/composition/main.js', 'dist/.tsbuildinfo'], client: ['dist/index.html', 'dist-ssr/entry-server.js'] }[ws];
       for (const f of outputs) { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, 'built'); }
       fs.appendFileSync('../builds.log', ws + '\\n');`,
    );
    for (const ws of ['common', 'server', 'client'])
      write(
        `${ws}/package.json`,
        JSON.stringify({ name: `@fake/${ws}`, version: '1.0.0', scripts: { build: `node ../fake-build.cjs ${ws}` } }),
      );
    write('common/tsconfig.json', '{}');
    write('common/src/index.ts', 'export const a = 1;\n');
    write('server/tsconfig.json', '{}');
    write('server/tsconfig.build.json', '{}');
    write('server/src/composition/main.ts', 'export {};\n');
    write('server/src/composition/main.test.ts', 'it("x", () => undefined);\n');
    write('client/tsconfig.json', '{}');
    write('client/vite.config.ts', 'export default {};\n');
    write('client/index.html', '<html></html>\n');
    write('client/src/main.tsx', 'export {};\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds all on the first start, nothing on the next, and only what a change makes stale', () => {
    expect(buildOnly()).toEqual(['common', 'server', 'client']);
    expect(buildOnly()).toEqual([]);
    // One server source file: the server alone.
    write('server/src/composition/main.ts', 'export const changed = true;\n');
    expect(buildOnly()).toEqual(['server']);
    expect(buildOnly()).toEqual([]);
    // A server test is no input of the build.
    write('server/src/composition/main.test.ts', 'it("y", () => undefined);\n');
    expect(buildOnly()).toEqual([]);
    // A client source file: the client alone.
    write('client/src/main.tsx', 'export const changed = true;\n');
    expect(buildOnly()).toEqual(['client']);
    // The shared package: everything built from it.
    write('common/src/index.ts', 'export const a = 2;\n');
    expect(buildOnly()).toEqual(['common', 'server', 'client']);
    // The lockfile (dependencies changed): everything.
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(buildOnly()).toEqual(['common', 'server', 'client']);
    // A deleted server output: the server again.
    rmSync(path.join(root, 'server', 'dist'), { recursive: true });
    expect(buildOnly()).toEqual(['server']);
    // A removed source file changes the inputs too.
    rmSync(path.join(root, 'client', 'src', 'main.tsx'));
    expect(buildOnly()).toEqual(['client']);
  }, 60_000);
});

describe('stopping npm start', () => {
  it('SIGTERM to the npm process stops the server, then its embedded PostgreSQL; nothing is left', async () => {
    const run = await start();
    await run.ready(180_000);
    const took = await expectCleanStop(run, () => process.kill(run.pid, 'SIGTERM'));
    expect(await run.exited).toEqual([0, null]);
    process.stdout.write(`npm start: SIGTERM to npm, all stopped in ${took} ms\n`);
  }, 240_000);

  it('Ctrl-C (SIGINT to the whole process group) drains first, then stops the database; no error trace', async () => {
    const run = await start();
    await run.ready(180_000);
    const took = await expectCleanStop(run, () => process.kill(-run.pid, 'SIGINT'));
    process.stdout.write(`npm start: Ctrl-C, all stopped in ${took} ms\n`);
  }, 240_000);
});

it('with JSON logs the first admin password is in a 0600 file, never in the output', async () => {
  // --silent: npm's own "> cryptovest start" banner is no log line of the server.
  const run = await start({ LOG_FORMAT: 'json' }, ['npm', '--silent', 'start']);
  await run.ready(180_000);
  process.kill(run.pid, 'SIGTERM');
  await untilNoneLeft(run, 30_000);
  await run.exited;
  const lines = run.stdout().split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();

  const file = path.join(run.dataDir, 'first-admin.txt');
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const password = /password:\s*(\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
  expect(password).toBeTruthy();
  expect(run.output()).not.toContain(password);
  // One line says where it is.
  expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
}, 240_000);

it('a start after a SIGKILLed one stops the PostgreSQL it left running and serves', async () => {
  const dataDir = tempDataDir();
  const killed = await start({}, undefined, dataDir);
  await killed.ready(180_000);
  const server = killed.remember().find((p) => /scripts\/start\.mjs/.test(p.cmd));
  expect(server).toBeDefined();
  process.kill(server!.pid, 'SIGKILL'); // nothing runs in the server any more to stop its database
  await killed.exited;
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(() => process.kill(postmaster, 0)).not.toThrow(); // left running, in its own process group

  const next = await start({}, undefined, dataDir);
  await next.ready(60_000);
  expect(next.output()).toMatch(/left running by an earlier start that was killed: stopping it/);
  expect(() => process.kill(postmaster, 0)).toThrow();
  process.kill(next.pid, 'SIGTERM');
  await untilNoneLeft(next, 30_000);
  expect(await next.exited).toEqual([0, null]);
}, 300_000);
