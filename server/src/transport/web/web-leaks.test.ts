import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../kernel/config';
import { startTestApp, TestApp } from '../../test/harness';

/** A built client in miniature: the shell, one hashed asset and its source map. */
function fakeClientDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cryptovest-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log("app");\n');
  writeFileSync(path.join(dist, 'assets', 'app-abc.js.map'), '{"version":3,"sources":["secret-source.tsx"]}');
  writeFileSync(path.join(dist, 'root.js.map'), '{"version":3,"sources":["secret-source.tsx"]}');
  return dist;
}

/** Starts the app over `dist` in the given environment (production needs its full config). */
function startWith(nodeEnv: 'production' | 'development', dist: string): Promise<TestApp> {
  return startTestApp({
    NODE_ENV: nodeEnv,
    CLIENT_DIST: dist,
    CLIENT_SSR_ENTRY: path.join(dist, 'no-ssr-entry.js'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    PUBLIC_URL: 'https://cryptovest.example',
    WALLETS_FILE: path.join(REPO_ROOT, 'config/wallets.example.json'),
  });
}

let dist: string;
beforeAll(() => {
  dist = fakeClientDist();
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('source maps in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWith('production', dist);
  });
  afterAll(() => t.close());

  it('runs in production mode', () => {
    expect(t.services.config.isProduction).toBe(true);
  });

  it('serves the asset but answers 404 for its map, however the path is spelled', async () => {
    const js = await t.http.get('/assets/app-abc.js');
    expect(js.status).toBe(200);
    expect(js.text).toContain('console.log');
    for (const p of [
      '/assets/app-abc.js.map',
      '/assets/app-abc.js.MAP',
      '/assets/app-abc.js%2emap',
      '/assets/app-abc.js.map?v=1',
      '/root.js.map',
    ]) {
      const map = await t.http.get(p).set('accept', '*/*');
      expect({ p, status: map.status }).toEqual({ p, status: 404 });
      expect(map.text).not.toContain('secret-source');
    }
  });
});

describe('source maps in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWith('development', dist);
  });
  afterAll(() => t.close());

  it('are still served, for debugging', async () => {
    const map = await t.http.get('/assets/app-abc.js.map');
    expect(map.status).toBe(200);
    expect(map.text).toContain('secret-source');
  });
});
