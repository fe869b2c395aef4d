// Lighthouse (mobile preset, simulated throttling) on the public pages, against the built app
// served by the real server, in Debian's Chromium with no network beyond loopback.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startServer } from './lib.mjs';

const PAGES = (process.env.LIGHTHOUSE_PAGES || '/,/about').split(',');
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
      const runnerResult = await lighthouse(`${server.base}${page}`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
        throttlingMethod: 'simulate',
      });
      const { lhr, report } = runnerResult;
      const name = page === '/' ? 'home' : page.replace(/\W+/g, '');
      writeFileSync(path.join(outDir, `${name}.html`), report);
      const audit = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
      const failedA11y = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      results.push({
        path: page,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        metrics: {
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
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
