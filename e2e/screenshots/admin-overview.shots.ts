import { expect, test } from '@playwright/test';
import { starterDeposit } from '../depositedInvestor';
import { adminToken, registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of the admin overview (issue 38), for review, not assertions: the cards and both
 * charts with a confirmed deposit maturing tomorrow and two waiting for review, then the 7-day
 * range; at 1280×800 and 390×844, light and dark, into .data/screenshots/admin-overview/ (not
 * committed). Run with `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('admin-overview');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`admin overview at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      const token = await adminToken(page);
      const investor = await registerInvestor(page, 'Ada Overview');
      const confirmed = await starterDeposit(page, investor);
      await starterDeposit(page, investor);
      await starterDeposit(page, investor);
      const answer = await page.request.put(`/api/transaction/${confirmed.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { status: 'CONFIRMED' },
      });
      expect(answer.status()).toBe(200);

      await signInAs(page, token);
      await page.goto('/admin');
      await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(main.locator('svg .MuiBarChart-element').first()).toBeAttached();
      await shoot(page, 'overview', size.name, theme);

      const flows = main.getByRole('region', { name: 'Deposits and withdrawals per day' });
      await flows.getByRole('button', { name: '7 days' }).click();
      await expect(flows).toContainText('Confirmed over the last 7 days');
      await flows.scrollIntoViewIfNeeded();
      await shoot(page, 'overview-7-days', size.name, theme, false);
      await page.context().close();
    });
  }
}
