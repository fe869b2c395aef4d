import { defineConfig, devices } from '@playwright/test';

/** Port the e2e server listens on (separate from the dev server's 4000). */
const PORT = Number(process.env.E2E_PORT || 4173);

/** Debian's Chromium; Playwright never downloads a browser here. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.data/test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      // The language journeys are phone-size journeys (issue 39): the phone project runs them.
      testIgnore: /languages\.spec\.ts$/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch } },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/readyz`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: e2e/serve.mjs then stops the app and drops the
    // run's database (a killed run left one database behind per run on the test server).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
