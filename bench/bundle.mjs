// Initial JavaScript of the public pages, as Chromium really loads it from the real server:
// every script the page fetches until the network is idle, sized gzipped from the built files.
// Also proves no dashboard or admin code is among them (via each chunk's source map).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { ROOT, startServer } from './lib.mjs';

const BUDGET_KB = 200;
const ASSETS = path.join(ROOT, 'client', 'dist');

/** Sources of a built chunk that belong to the investor or admin areas. */
function privateSources(file) {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources.filter((s) => /features\/(dashboard|admin)\//.test(s));
}

/** Loads each page in Chromium and sums the gzip size of the JS it fetched. */
export async function initialJavaScript(pages = ['/', '/about'], { port = 4392 } = {}) {
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    for (const page of pages) {
      const tab = await browser.newPage();
      const scripts = new Set();
      tab.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
      });
      await tab.goto(`${server.base}${page}`, { waitUntil: 'networkidle' });
      await tab.close();
      let gzip = 0;
      let raw = 0;
      const leaks = [];
      for (const script of scripts) {
        const file = path.join(ASSETS, script);
        const body = readFileSync(file);
        raw += body.length;
        gzip += gzipSync(body, { level: 6 }).length;
        leaks.push(...privateSources(file));
      }
      rows.push({
        page,
        scripts: scripts.size,
        rawKB: +(raw / 1024).toFixed(1),
        gzipKB: +(gzip / 1024).toFixed(1),
        budgetKB: BUDGET_KB,
        ratioToBudget: +(gzip / 1024 / BUDGET_KB).toFixed(2),
        privateCodeLoaded: leaks.length,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await initialJavaScript());
