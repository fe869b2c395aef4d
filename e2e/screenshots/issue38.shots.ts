import { expect, test } from '@playwright/test';
import { depositedInvestor, EARLY_BTC } from '../depositedInvestor';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's walk-through fixes, for review, not assertions: the withdrawal modal
 * saying what happens next (defect 5) and the profile's country by name (defect 10); at 1280×800
 * and 390×844, light and dark, into .data/screenshots/issue38/ (not committed). Run with
 * `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('issue38');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`issue 38 fixes at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      await depositedInvestor(page, 'Dana Investor');

      await page.goto('/dashboard/withdraw');
      await main.getByLabel('Amount ($)').fill('20.00');
      await page.getByRole('combobox', { name: 'Wallet' }).click();
      await page
        .getByRole('option', { name: new RegExp(EARLY_BTC.slice(0, 20)) })
        .first()
        .click();
      await main.getByLabel('I confirm the amount and wallet address are correct').check();
      await main.getByRole('button', { name: 'Proceed' }).click();
      await expect(page.getByRole('dialog', { name: 'Withdrawal request received' })).toBeVisible();
      await shoot(page, 'withdraw-received', size.name, theme, false);

      await page.goto('/dashboard/settings');
      await expect(main.getByRole('textbox', { name: 'Country' })).not.toHaveValue(/^[A-Z]{2}$/);
      await shoot(page, 'settings-profile', size.name, theme);
      await page.context().close();
    });
  }
}
