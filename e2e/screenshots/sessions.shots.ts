import { expect, test } from '@playwright/test';
import { registerInvestor } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's sessions, for review, not assertions: Settings → Security with two
 * sessions (this device marked), the "Sign out everywhere" confirmation, and the sign-in page
 * saying the session was ended elsewhere; at 1280×800 and 390×844, light and dark, into
 * .data/screenshots/sessions/ (not committed). Run with `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('sessions');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`sessions at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      // The e-mail check signs in once (the API's session); the login page a second time.
      const investor = await registerInvestor(page, 'Sam Sessions');
      await page.goto('/login');
      await main.getByRole('textbox', { name: 'Email' }).fill(investor.email);
      await main.getByLabel('Password', { exact: true }).fill('first-pass-1');
      await main.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/dashboard/settings?tab=security');
      await expect(page.locator('#sessions').getByText('This device')).toBeVisible();
      await page.locator('#sessions').scrollIntoViewIfNeeded();
      await shoot(page, 'security-sessions', size.name, theme, false);

      await page.locator('#sessions').getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign out everywhere?' })).toBeVisible();
      await shoot(page, 'sign-out-everywhere', size.name, theme, false);
      await page.keyboard.press('Escape');

      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto('/login?reason=revoked&next=%2Fdashboard%2Fwallet');
      await expect(page.getByRole('status')).toBeVisible();
      await shoot(page, 'login-signed-out', size.name, theme);
      // Defect 10: tabbing through the empty form leaves it calm.
      await main.getByRole('textbox', { name: 'Email' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await shoot(page, 'login-tabbed', size.name, theme);
      await page.context().close();
    });
  }
}
