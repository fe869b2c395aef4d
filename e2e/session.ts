import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { seededAdminToken } from './secondFactor';

/** A freshly registered, verified investor: their e-mail, token and the header to send it. */
export interface Investor {
  email: string;
  token: string;
  auth: { authorization: string };
}

/** Registers and verifies an investor through the REST paths and the real SMTP receiver (a fresh e-mail unless given). */
export async function registerInvestor(
  page: Page,
  fullName = 'Dana Investor',
  country = 'GB',
  email = `e2e-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@e2e.test`,
): Promise<Investor> {
  const since = Date.now() - 1000;
  const created = await page.request.post('/api/user/create', {
    data: { fullName, email, country, password: 'first-pass-1' },
  });
  expect(created.status()).toBe(201);
  const otp = await waitForMail(email, /code is:? (\d{4})/, since);
  const verified = await page.request.post('/api/auth/verify-email', { data: { email, otp } });
  const token = (await verified.json()).data.token as string;
  return { email, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A back-office token for the admin seeded by e2e/serve.mjs. Administrators must use two-factor
 * sign-in (issue 13): the first call of a run sets up the admin's authenticator (secondFactor.ts).
 */
export async function adminToken(page: Page): Promise<string> {
  return seededAdminToken(page.request);
}

/** Stores `token` the way the app does after a sign-in (a public page first, for the origin). */
export async function signInAs(page: Page, token: string): Promise<void> {
  await page.goto('/terms');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/**
 * axe's serious and critical violations on the page as it is now (a dialog, tab or menu open), as
 * readable lines. Waits first for finite animations (a dialog's fade, a ripple) to end: axe judges
 * colours as drawn, and a half-faded dialog once measured a contrast of 4.44 that the settled page
 * does not have.
 */
export async function seriousHere(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`);
}

/** axe's serious and critical violations on each page (after its h1 shows), each line prefixed with its path. */
export async function seriousViolations(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    problems.push(...(await seriousHere(page)).map((line) => `${path} ${line}`));
  }
  return problems;
}

/** Opens a dashboard page through the sidebar (the phone layout opens the drawer first). */
export async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).first().click();
}
