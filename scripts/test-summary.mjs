// Prints one closing line for the whole suite ("N passed, N failed") from the jest and
// Playwright JSON reports, so CI logs show the totals of both runners together.
import { existsSync, readFileSync } from 'node:fs';

const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);
const jest = read('.data/test-results/jest.json');
const e2e = read('.data/test-results/e2e.json');
let passed = 0;
let failed = 0;
let skipped = 0;
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + jest.numTodoTests;
}
if (e2e) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky;
  skipped += e2e.stats.skipped;
}
console.log(`jest: ${jest ? jest.numPassedTests : 0} passed; e2e: ${e2e ? e2e.stats.expected : 0} passed`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
