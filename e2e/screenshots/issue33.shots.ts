import { expect, test } from '@playwright/test';
import { depositedInvestor } from '../depositedInvestor';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 33's cool-down, for review, not assertions: after a confirmed deposit a USDT
 * address (a coin never used) is added; Settings > Withdrawal shows when it becomes usable, and the
 * Withdraw page explains the rule and lists it disabled with "usable from …" beside the address
 * saved before the deposit; at 1280×800 and 390×844, light and dark, into
 * .data/screenshots/issue33/ (not committed). Run with `npm run screenshots`, never in `npm test`.
 */

const NEW_USDT = 'TNewCoinAddressSavedAfterDeposit01';
const shoot = camera('issue33');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`issue 33 cool-down at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      const investor = await depositedInvestor(page, 'Dana Investor');
      const saved = await page.request.put('/api/account', {
        headers: investor.auth,
        data: { wallet: { usdt: NEW_USDT } },
      });
      expect(saved.status()).toBe(200);

      await page.goto('/dashboard/settings');
      await main.getByRole('tab', { name: 'Withdrawal' }).click();
      await expect(main.getByText(/^usable from \d/)).toBeVisible();
      await shoot(page, 'settings-withdrawal', size.name, theme);

      await page.goto('/dashboard/withdraw');
      await expect(
        main.getByText(/after your first deposit can receive withdrawals only 24 hours later/),
      ).toBeVisible();
      await shoot(page, 'withdraw', size.name, theme);

      await page.getByRole('combobox', { name: 'Wallet' }).click();
      await expect(page.getByRole('option', { name: /USDT/ })).toContainText(/usable from \d/);
      await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
      await shoot(page, 'withdraw-wallets', size.name, theme, false);
      await page.context().close();
    });
  }
}
