import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { registerInvestor } from './session';

/**
 * Issue 38, sessions: signed in on two devices (two browser contexts), the first lists both in
 * Settings → Security, signs the other out; the other's next navigation lands on the sign-in page
 * saying it was signed out from another device, and signing in again returns it to that page.
 * Both sizes (the projects), light and dark; axe on the sessions section.
 */

const PASSWORD = 'first-pass-1';

/** A device of its own: a context of this project's size in `theme`. */
async function device(browser: Browser, info: TestInfo, theme: 'light' | 'dark'): Promise<Page> {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL } = info.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
    colorScheme: theme,
  });
  await context.addInitScript((mode) => localStorage.setItem('mui-mode', mode), theme);
  return context.newPage();
}

/** Signs in through the login page. */
async function signIn(page: Page, email: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Login' }).click();
}

for (const theme of ['light', 'dark'] as const) {
  test(`signing out another device sends it to sign in again, then back to its page (${theme})`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(90_000);
    const investor = await registerInvestor(page, 'Sam Sessions');
    // The registration's own session ends, so the two devices below are the only ones.
    expect((await page.request.post('/api/user/sessions/end-all', { headers: investor.auth })).status()).toBe(200);

    const first = await device(browser, info, theme);
    const second = await device(browser, info, theme);
    for (const d of [first, second]) {
      await d.goto('/login');
      await signIn(d, investor.email);
      await expect(d).toHaveURL(/\/dashboard$/);
    }

    await first.goto('/dashboard/settings?tab=security');
    const section = first.locator('#sessions');
    const cards = section.getByRole('listitem').filter({ has: first.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(2);
    await expect(section.getByText('This device')).toHaveCount(1);
    await first.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page: first }).include('#sessions').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    const other = cards.filter({ hasNot: first.getByText('This device') });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await expect(first.getByText(/^Signed out /)).toBeVisible();
    await expect(cards).toHaveCount(1);

    // The signed-out device's next navigation.
    await second.goto('/dashboard/wallet');
    await expect(second).toHaveURL(/\/login\?reason=revoked&next=%2Fdashboard%2Fwallet$/);
    await expect(second.getByRole('status')).toHaveText('You were signed out from another device.');
    await signIn(second, investor.email);
    await expect(second).toHaveURL(/\/dashboard\/wallet$/);
    await expect(second.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

    // A return-to of another site is ignored: the sign-in lands on the dashboard of this site.
    await first.evaluate(() => localStorage.removeItem('token'));
    await first.goto('/login?next=%2F%2Fevil.example%2Fphish');
    await signIn(first, investor.email);
    await expect(first).toHaveURL(new RegExp(`^${info.project.use.baseURL}/dashboard$`));
    await first.context().close();
    await second.context().close();
  });
}
