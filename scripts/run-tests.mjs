// `npm test` after the build: jest and Playwright at the same time, each line of their output
// prefixed with its runner ("jest │", "e2e  │"), then one summary of both (test-summary.mjs).
// Run one after the other they left the 2-core CI machine idle most of the time (18 min of CPU
// in 25 min: the browser journeys mostly wait on the page), so together they take about as long
// as the longer one. Exits non-zero when either fails. TEST_SERIAL=1 runs them one after the other.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';

mkdirSync('.data/test-results', { recursive: true });

/** Runs `command args` with its stdout and stderr written line by line behind `label`; its exit code. */
function run(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${label} │ ${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const jest = () => run('jest', 'npx', ['jest', '--json', '--outputFile=.data/test-results/jest.json']);
const e2e = () => run('e2e ', 'npx', ['playwright', 'test']);

const started = Date.now();
const [jestCode, e2eCode] =
  process.env.TEST_SERIAL === '1' ? [await jest(), await e2e()] : await Promise.all([jest(), e2e()]);
console.log(`jest exited ${jestCode}, Playwright exited ${e2eCode}, in ${Math.round((Date.now() - started) / 1000)} s`);
const summary = await run('sum ', 'node', ['scripts/test-summary.mjs']);
process.exit(jestCode || e2eCode || summary);
