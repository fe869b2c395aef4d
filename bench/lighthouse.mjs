// Lighthouse (mobile preset, simulated throttling) on the public pages, against the built app
// served by the real server, in Debian's Chromium with no network beyond loopback.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startServer } from './lib.mjs';

const PAGES = (process.env.LIGHTHOUSE_PAGES || '/,/about').split(',');
/** Runs per page; the median run is reported (Lighthouse's own advice: scores vary run to run). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run of `url` with the mobile preset (simulated slow 4G, 4x CPU slowdown). */
function audit(url, port) {
  return lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
  });
}

/** Runs Lighthouse on each public page; returns `{ path, performance, accessibility, metrics }`. */
export async function runLighthouse({ port = 4391 } = {}) {
  const server = process.env.LIGHTHOUSE_BASE
    ? { base: process.env.LIGHTHOUSE_BASE, stop: async () => undefined }
    : await startServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const outDir = path.join(ROOT, '.data', 'bench', 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  const results = [];
  try {
    // Warm up: the server renders each public page once and then serves it from memory.
    for (const page of PAGES) await fetch(`${server.base}${page}`);
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${server.base}${page}`, chrome.port));
      runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
      const runnerResult = runs[Math.floor(runs.length / 2)];
      const { lhr, report } = runnerResult;
      const scores = runs.map((r) => Math.round(r.lhr.categories.performance.score * 100));
      const name = page === '/' ? 'home' : page.replace(/\W+/g, '');
      writeFileSync(path.join(outDir, `${name}.html`), report);
      const display = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
      const failedA11y = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      results.push({
        path: page,
        performance: Math.round(lhr.categories.performance.score * 100),
        performanceRuns: scores.join(' / '),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        metrics: {
          fcp: display('first-contentful-paint'),
          lcp: display('largest-contentful-paint'),
          tbt: display('total-blocking-time'),
          cls: display('cumulative-layout-shift'),
          si: display('speed-index'),
        },
        failedA11y,
      });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runLighthouse();
  for (const r of results) console.log(JSON.stringify(r));
}
