import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Screenshots for review (`npm run screenshots`), not tests: `e2e/screenshots/*.shots.ts` against
 * the same e2e server, one project (each shot sets its own viewport and colour scheme).
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/screenshots',
  testMatch: '*.shots.ts',
  reporter: [['list']],
  projects: [{ name: 'screenshots', use: { ...base.use } }],
});
