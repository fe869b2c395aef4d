import { expect, test } from '@playwright/test';
import { depositedInvestor, EARLY_BTC, starterDeposit } from '../depositedInvestor';
import { registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's investor insights, for review, not assertions: the overview with its
 * balance chart, the Transactions page (filters, every column at 1280 px: defect 2), a filter
 * matching nothing, and a new investor's invitation to deposit; at 1280×800 and 390×844, light
 * and dark, into .data/screenshots/investor-insights/ (not committed).
 */

const shoot = camera('investor-insights');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`investor insights at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      const investor = await depositedInvestor(page, 'Dana Investor');
      await starterDeposit(page, investor);
      await page.request.post('/api/transaction/create', {
        headers: investor.auth,
        data: { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '20', wallet: EARLY_BTC },
      });

      await page.goto('/dashboard');
      await expect(main.getByText(/^Over the last 30 days: /)).toBeVisible();
      await shoot(page, 'overview', size.name, theme);

      await page.goto('/dashboard/transactions');
      await expect(main.getByText(/^Showing 1/)).toBeVisible();
      await shoot(page, 'transactions', size.name, theme);

      await page.goto('/dashboard/transactions?status=DECLINED&crypto=usdt');
      await expect(main.getByText('No transactions match these filters.')).toBeVisible();
      await shoot(page, 'transactions-no-match', size.name, theme);
      await page.context().close();

      const fresh = await pageFor(browser, size, theme);
      const newcomer = await registerInvestor(fresh, 'New Investor');
      await signInAs(fresh, newcomer.token);
      await fresh.goto('/dashboard/transactions');
      await expect(fresh.getByRole('main').getByText('No transactions yet.')).toBeVisible();
      await shoot(fresh, 'transactions-empty', size.name, theme);
      await fresh.context().close();
    });
  }
}
