import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { depositedInvestor, EARLY_BTC } from './depositedInvestor';

/** A USDT address: a coin this investor never used, added by a thief holding the session. */
const THIEF_USDT = 'TThiefsNewCoinAddress000000000001';

/** Issue 33's rule in the words the Withdraw page uses. */
const RULE =
  'For your safety, an address added or changed after your first deposit can receive withdrawals only 24 hours later.';

test('after a confirmed deposit, an address for a coin never used waits 24 hours: shown disabled with when, refused by the server', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const investor = await depositedInvestor(page);
  const main = page.getByRole('main');

  // The thief adds an address for an unused coin in Settings > Withdrawal: it shows when it becomes usable.
  await page.goto('/dashboard/settings');
  await main.getByRole('tab', { name: 'Withdrawal' }).click();
  await main.getByLabel('USDT address').fill(THIEF_USDT);
  await main.getByRole('button', { name: 'Save addresses' }).click();
  await expect(page.getByText('account updated')).toBeVisible();
  await expect(main.getByText(/^usable from \d/)).toHaveCount(1);

  // ...and tries to withdraw to it directly: refused on the wallet field, with when; nothing is recorded.
  const refused = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: { trxType: 'WITHDRAWAL', crypto: 'usdt', amount: '40', wallet: THIEF_USDT },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).errors).toEqual([
    {
      field: 'wallet',
      code: 'CONFLICT',
      error: expect.stringMatching(
        /^This address was saved recently: for your safety it can receive withdrawals from \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
      ),
    },
  ]);
  const mine = async () =>
    (
      (await (await page.request.get('/api/transaction/all', { headers: investor.auth })).json()).data as {
        trxType: string;
        wallet: string | null;
      }[]
    ).filter((t) => t.trxType === 'WITHDRAWAL');
  expect(await mine()).toEqual([]);

  // The Withdraw page explains the rule and offers the new address disabled, with when it becomes usable.
  await page.goto('/dashboard/withdraw');
  await expect(main.getByText(RULE)).toBeVisible();
  await expect(main.getByText('Available $100.00')).toBeVisible();
  await page.getByRole('combobox', { name: 'Wallet' }).click();
  const usdt = page.getByRole('option', { name: /USDT/ });
  await expect(usdt).toHaveAttribute('aria-disabled', 'true');
  await expect(usdt).toContainText(/usable from \d/);
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1'); // axe reads colours once it faded in
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The address saved before the deposit works at once.
  const bitcoin = page.getByRole('option', { name: /Bitcoin/ });
  await expect(bitcoin).not.toHaveAttribute('aria-disabled', 'true');
  await bitcoin.click();
  await main.getByLabel('Amount ($)').fill('40.00');
  await main.getByLabel('I confirm the amount and wallet address are correct').check();
  await main.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Withdrawal request sent')).toBeVisible();
  expect((await mine()).map((t) => t.wallet)).toEqual([EARLY_BTC]);
});
