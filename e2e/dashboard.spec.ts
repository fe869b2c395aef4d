import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { adminToken, openSection, registerInvestor, seriousViolations, signInAs, type Investor } from './session';

/** A 1×1 PNG, the proof image the investor attaches. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f6cd0f0000000049454e44ae426082',
  'hex',
);
const BTC_ADDRESS = 'bc1qe2einvestoraddress0000001';
const USDT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LOCKED_LINE = 'Your $100.00 bonus unlocks with your first deposit';

/** Registers and verifies a new investor through the API and signs the page in as them. */
async function newInvestor(page: Page): Promise<Investor> {
  const investor = await registerInvestor(page);
  await signInAs(page, investor.token);
  return investor;
}

/** The admin confirms the investor's newest deposit through the REST facade (unlocks the bonus). */
async function confirmNewestDeposit(page: Page, investor: Investor): Promise<void> {
  const mine = await page.request.get('/api/transaction/all', { headers: investor.auth });
  const deposit = ((await mine.json()).data as { _id: string; trxType: string }[]).find((t) => t.trxType === 'DEPOSIT');
  expect(deposit).toBeTruthy();
  const confirmed = await page.request.put(`/api/transaction/${deposit!._id}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { status: 'CONFIRMED' },
  });
  expect(confirmed.status()).toBe(200);
}

/** axe's serious and critical violation ids on the page as it is now (e.g. a tab or menu open). */
async function seriousHere(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: RegExp | string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a new investor deposits into Gold with a proof image, saves an address, withdraws within what is available once the bonus unlocks, edits profile and password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const investor = await newInvestor(page);
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: /Welcome back/ })).toContainText('Dana Investor');
  await expect(main.getByText('includes $100.00 bonus, unlocks with your first deposit')).toBeVisible();

  // Invest: Gold, bitcoin, $12,000 -> confirm -> deposit with a proof image.
  await openSection(page, 'Invest');
  await main.getByRole('radio', { name: /Gold/ }).click();
  await choose(page, 'Coin', /bitcoin/i);
  await main.getByLabel('Amount ($)').fill('12000');
  await expect(main.getByText('Total:')).toContainText('$12,000');
  await main.getByRole('button', { name: 'proceed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your investment' });
  await expect(confirm).toContainText('Gold');
  await expect(confirm).toContainText('$12,000');
  await confirm.getByRole('button', { name: 'Continue to deposit' }).click();
  await expect(main.getByText(/EXAMPLE-bc1q/).first()).toBeVisible();
  await expect(main.getByRole('img', { name: 'QR code of the bitcoin deposit address' })).toBeVisible();
  await main.getByLabel('Transaction id').fill(`0xe2e${Date.now()}`);
  await main
    .getByLabel('Proof of payment (optional)')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await main.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByText('Deposit successful')).toBeVisible();

  // The deposit is PENDING with its expected profit (12,000 x 50% = 6,000) and a proof link.
  await openSection(page, 'Transactions');
  const row = main.getByRole('row', { name: /DEPOSIT/ }).first();
  await expect(row).toContainText('PENDING');
  await expect(row).toContainText('$12,000');
  await expect(row).toContainText('$6,000');
  const proof = row.getByRole('link', { name: /view/i });
  await expect(proof).toHaveAttribute('href', /\/api\/upload\/.+sig=/);
  const image = await page.request.get((await proof.getAttribute('href'))!);
  expect(image.headers()['content-type']).toBe('image/png');

  // Settings > Withdrawal: save a bitcoin address.
  await openSection(page, 'Settings');
  await main.getByRole('tab', { name: 'Withdrawal' }).click();
  await main.getByLabel('Bitcoin address').fill('short');
  await main.getByLabel('Bitcoin address').blur();
  await expect(main.getByText('invalid address')).toBeVisible();
  await main.getByLabel('Bitcoin address').fill(BTC_ADDRESS);
  await main.getByRole('button', { name: 'Save addresses' }).click();
  await expect(page.getByText('account updated')).toBeVisible();

  // Withdraw: the $100 signup bonus is locked until a deposit is confirmed, so nothing is available.
  await openSection(page, 'Withdraw');
  await expect(main.getByRole('note')).toHaveText(LOCKED_LINE);
  await expect(main.getByText('Available $0.00')).toBeVisible();
  await main.getByLabel('Amount ($)').fill('40.00');
  await main.getByLabel('Amount ($)').blur();
  await expect(
    main.getByText(/more than your available balance \(\$0\.00\); your \$100\.00 bonus unlocks/),
  ).toBeVisible();

  // The admin confirms the deposit: the bonus unlocks; above $100 is refused, $40 goes through.
  await confirmNewestDeposit(page, investor);
  await page.reload();
  await expect(main.getByText('Available $100.00')).toBeVisible();
  await expect(main.getByText(LOCKED_LINE)).toHaveCount(0);
  await expect(main.getByText(/bonus unlocks/)).toHaveCount(0);
  await main.getByLabel('Amount ($)').fill('150.00');
  await choose(page, 'Wallet', new RegExp(BTC_ADDRESS.slice(0, 20)));
  await main.getByLabel('I confirm the amount and wallet address are correct').check();
  await expect(main.getByText('The amount is more than your available balance ($100.00)')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await main.getByLabel('Amount ($)').fill('40.00');
  await main.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Withdrawal request sent')).toBeVisible();
  const done = page.getByRole('dialog', { name: 'Withdrawal request received' });
  await expect(done).toBeVisible();
  await done.getByRole('button').first().click();
  await expect(main.getByLabel('Amount ($)')).toHaveValue('');
  await expect(main.getByText('Available $60.00')).toBeVisible(); // the pending $40 is held back

  // Settings > Profile and Password.
  await openSection(page, 'Settings');
  await main.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('profile updated').first()).toBeVisible();
  await expect(main.locator('img[src*="/api/upload/"]').first()).toBeVisible();
  await main.getByLabel('Full name').fill('Dana Q. Investor');
  await main.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('profile updated').first()).toBeVisible();
  await main.getByRole('tab', { name: 'Password' }).click();
  await main.getByLabel('Old password', { exact: true }).fill('first-pass-1');
  await main.getByLabel('New password', { exact: true }).fill('first-pass-1');
  await main.getByLabel('Confirm password', { exact: true }).fill('second-pass-2');
  await main.getByLabel('Confirm password', { exact: true }).blur();
  await expect(main.getByText("old password and new password can't be the same")).toBeVisible();
  await expect(main.getByText('password does not match')).toBeVisible();
  await main.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('password changed successfully')).toBeVisible();
  // The new token keeps the session; the name change shows on the overview.
  await openSection(page, 'Dashboard');
  await expect(main.getByRole('heading', { name: /Welcome back/ })).toContainText('Dana Q. Investor');
});

test('a changed withdrawal address waits before it can be picked, and the owner is told by e-mail', async ({
  page,
}) => {
  const investor = await newInvestor(page);
  const since = Date.now() - 1000;
  for (const usdt of [USDT_ADDRESS, `${USDT_ADDRESS.slice(0, -4)}ZZZZ`]) {
    const saved = await page.request.put('/api/account', { headers: investor.auth, data: { wallet: { usdt } } });
    expect(saved.status()).toBe(200);
  }
  const bitcoin = await page.request.put('/api/account', {
    headers: investor.auth,
    data: { wallet: { bitcoin: BTC_ADDRESS } },
  });
  expect(bitcoin.status()).toBe(200);
  await waitForMail(investor.email, /(can receive withdrawals from)/, since);

  await page.goto('/dashboard/settings');
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Withdrawal' }).click();
  await expect(main.getByText(/a changed address waits 24 hours .* we e-mail you about every change/)).toBeVisible();
  await expect(main.getByText(/^usable from \d/)).toHaveCount(1);
  expect(await seriousHere(page)).toEqual([]);

  await page.goto('/dashboard/withdraw');
  await expect(main.getByText(/changed address can receive withdrawals 24 hours after the change/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Wallet' }).click();
  const cooling = page.getByRole('option', { name: /usdt/ });
  await expect(cooling).toHaveAttribute('aria-disabled', 'true');
  await expect(cooling).toContainText(/usable from \d/);
  await expect(page.getByRole('option', { name: /bitcoin/ })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1'); // axe reads colours once it faded in
  expect(await seriousHere(page)).toEqual([]);
});

test('the stocks page says plainly when the chart provider cannot be reached', async ({ page }) => {
  await newInvestor(page);
  await page.goto('/dashboard/stocks');
  // This machine has no internet: the third-party chart is unreachable, and the page says so.
  await expect(page.getByText(/could not be reached/)).toBeVisible({ timeout: 15_000 });
});

test('axe finds no serious or critical violation on the dashboard pages', async ({ page }) => {
  test.setTimeout(60_000);
  const investor = await newInvestor(page);
  const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
  const deposit = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: {
      trxType: 'DEPOSIT',
      planId: plans[0].id,
      crypto: 'bitcoin',
      amount: '150',
      transactionId: `0xaxe${Date.now()}`,
    },
  });
  const timeline = `/transactions/${(await deposit.json()).data._id}`; // a transaction's timeline
  const pages = [
    '',
    '/invest',
    '/wallet',
    '/transactions',
    timeline,
    '/withdraw',
    '/settings',
    '/settings?tab=security',
    '/stocks',
  ].map((p) => `/dashboard${p}`);
  expect(await seriousViolations(page, pages)).toEqual([]);
});
