import { expect, test } from '@playwright/test';
import { depositedInvestor, starterDeposit } from '../depositedInvestor';
import { adminToken, openSection } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's walk-through defects 1, 2, 4, 6, 8 and parts of 10 (the deposit step
 * with its proof preview, the receipt, a deposit sent offline, the wallet's coins, a settled
 * timeline, the settings tabs, a toast with the bell open, Services in the public nav), at
 * 1280×800 and 390×844, light and dark, into .data/screenshots/walkthrough/ (not committed).
 * For review, not assertions; run with `npm run screenshots -- walkthrough`.
 */

const shoot = camera('walkthrough');

/** A 1×1 PNG as the proof of payment. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f6cd0f0000000049454e44ae426082',
  'hex',
);

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`walk-through defects at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      const investor = await depositedInvestor(page, 'Dana Investor');

      // Defect 8: the wallet's coins and what they are.
      await page.goto('/dashboard/wallet');
      await expect(main.getByRole('region', { name: 'Coin balances' })).toBeVisible();
      await shoot(page, 'wallet', size.name, theme);

      // Defect 4: the deposit step with a proof image chosen.
      await page.goto('/dashboard/invest');
      await main.getByRole('radio', { name: /Starter/ }).click();
      await main.getByLabel('Amount ($)').fill('200');
      await main.getByRole('button', { name: 'proceed' }).click();
      await page.getByRole('button', { name: 'Continue to deposit' }).click();
      await main.getByLabel('Transaction id').fill(`0xshot${Date.now()}`);
      await main
        .getByLabel('Proof of payment (optional)')
        .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
      await shoot(page, 'deposit-step', size.name, theme);

      // Defect 6: sent offline.
      await page.context().setOffline(true);
      await main.getByRole('button', { name: 'Submit deposit' }).click();
      await page.waitForTimeout(500);
      await shoot(page, 'deposit-offline', size.name, theme, false);
      await page.context().setOffline(false);

      // Defect 1: the receipt, after the toast has gone.
      await main.getByRole('button', { name: 'Submit deposit' }).click();
      await expect(main.getByRole('heading', { name: 'Deposit submitted' })).toBeVisible();
      await page.waitForTimeout(5_500);
      await shoot(page, 'deposit-receipt', size.name, theme);

      // Defect 10: the first step of a settled deposit's timeline.
      const deposit = await starterDeposit(page, investor);
      await page.request.put(`/api/transaction/${deposit.id}`, {
        headers: { authorization: `Bearer ${await adminToken(page)}` },
        data: { status: 'CONFIRMED' },
      });
      await page.request.post('/api/test/clock', { data: { advanceSeconds: 400 * 3600 } });
      await page.goto(`/dashboard/transactions/${deposit.id}`);
      await expect(main.getByRole('list', { name: 'Timeline' })).toContainText('Deposit settled');
      await shoot(page, 'timeline-settled', size.name, theme);
      await page.goto('/dashboard/wallet'); // both plans paid out: the coins are back to $0.00
      await expect(main.getByRole('region', { name: 'Coin balances' })).toBeVisible();
      await shoot(page, 'wallet-settled', size.name, theme);

      // Defect 10: the settings tabs; a toast while the bell is open.
      await page.goto('/dashboard/settings');
      await expect(main.getByRole('tablist', { name: 'Settings' })).toBeVisible();
      await shoot(page, 'settings', size.name, theme, false);
      await main.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('profile updated').first()).toBeVisible();
      await page.getByRole('button', { name: /^Notifications, / }).click();
      await shoot(page, 'bell-with-toast', size.name, theme, false);
      await page.keyboard.press('Escape');

      // Defect 10: an error toast, then another page.
      await main.getByRole('tab', { name: 'Password' }).click();
      await main.getByLabel('Old password', { exact: true }).fill('not-my-password-1');
      await main.getByLabel('New password', { exact: true }).fill('second-pass-2');
      await main.getByLabel('Confirm password', { exact: true }).fill('second-pass-2');
      await main.getByRole('button', { name: 'Change password' }).click();
      await expect(page.locator('.notistack-MuiContent-error')).toBeVisible();
      await page.waitForTimeout(1_500);
      await openSection(page, 'Wallet');
      await expect(main.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
      await shoot(page, 'after-error-toast', size.name, theme, false);

      // Defect 10: Services current in the public nav.
      await page.goto('/#services');
      await expect(page.locator('html[data-app="ready"]')).toBeAttached();
      if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForTimeout(500);
      await shoot(page, 'nav-services', size.name, theme, false);
      await page.context().close();
    });
  }
}
