import { expect, test, type Page } from '@playwright/test';
import { EARLY_BTC, depositedInvestor } from './depositedInvestor';
import { pageFor, SIZES, THEMES } from './screenshots/shots';
import { registerInvestor, seriousHere, signInAs, type Investor } from './session';
import { serverNow } from './serverClock';

// Issue 38 "Investor: see how the money grows": the overview's chart of balance, investment and
// profit from the ledger, the Transactions page's server-side filters and txid search kept in the
// URL, the empty states, and (defect 2) whole rows opening the timeline, with the table fitting
// 1280 px. Each project runs it at its own size (1280×800 or 390×844) in both themes.

const size = () => SIZES.find((s) => s.name === test.info().project.name) ?? SIZES[0];

/** Dollars as the app shows them ("$1,250.00"); for comparing text only. */
const dollars = (amount: string) =>
  Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Today at the server's clock as the chart's table names it (UTC day). */
const today = async (page: Page) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    await serverNow(page.request),
  );

/** A deposit into Starter with a txid of our choosing (PENDING); its id. */
async function depositWithTxid(page: Page, investor: Investor, txid: string, amount = '175'): Promise<string> {
  const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
  const res = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: {
      trxType: 'DEPOSIT',
      planId: plans.find((p) => p.name === 'Starter')!.id,
      crypto: 'bitcoin',
      amount,
      transactionId: txid,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id as string;
}

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

/** The rows (desktop) or cards (phone) of the listed transactions. */
function listed(page: Page) {
  const main = page.getByRole('main');
  return size().name === 'phone'
    ? main.getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    : main.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
}

for (const theme of THEMES) {
  test(`an investor follows their money and finds transactions (${theme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await pageFor(browser, size(), theme);
    const main = page.getByRole('main');
    const investor = await depositedInvestor(page, 'Insight Investor');
    const txid = `0xINSIGHT${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`.toUpperCase();
    const pendingId = await depositWithTxid(page, investor, txid);
    const withdrawal = await page.request.post('/api/transaction/create', {
      headers: investor.auth,
      data: { trxType: 'WITHDRAWAL', crypto: 'bitcoin', amount: '20', wallet: EARLY_BTC },
    });
    expect(withdrawal.status()).toBe(201);
    const account = (await (await page.request.get('/api/account', { headers: investor.auth })).json()).data;

    // The overview's chart: visible, named, and its last day is the account as it stands.
    await page.goto('/dashboard');
    const chart = main.getByRole('region', { name: 'How your money grows' });
    await expect(chart.getByRole('img', { name: 'How your money grows' }).locator('svg').first()).toBeVisible();
    await expect(chart.getByText(/^Over the last 30 days: /)).toContainText(
      `Investment from $0.00 to ${dollars(account.investment)}`,
    );
    const table = chart.getByRole('table', { name: 'Balance, investment and profit over the last 30 days' });
    await expect(table.getByRole('row').last()).toHaveText(
      `${await today(page)}${dollars(account.balance)}${dollars(account.investment)}${dollars(account.profit)}`,
    );
    await chart.getByRole('button', { name: '7 days' }).click();
    await expect(chart.getByRole('table', { name: /over the last 7 days$/ })).toBeAttached();
    await expectNoSidewaysScroll(page);
    expect(await seriousHere(page)).toEqual([]);

    // Every transaction, then filtered on the server, each filter kept in the URL.
    await page.goto('/dashboard/transactions');
    await expect(listed(page)).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    if (size().name === 'desktop') {
      const region = (await main.getByRole('region', { name: 'Transactions' }).boundingBox())!;
      for (const name of ['Date', 'Expected profit', 'Status', 'Txid', 'Proof']) {
        const cell = (await main.getByRole('columnheader', { name }).boundingBox())!;
        expect(cell.x + cell.width, `${name} is cut off`).toBeLessThanOrEqual(region.x + region.width);
      }
      await expect(main.getByText('Scroll sideways to see every column')).toHaveCount(0);
    }

    await main.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await expect(page).toHaveURL(/\?status=CONFIRMED$/);
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page).first()).toContainText('$150.00');

    await main.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await main.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Withdrawal' }).click();
    await expect(page).toHaveURL(/status=PENDING&trxType=WITHDRAWAL$/);
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page).first()).toContainText('WITHDRAWAL');
    expect(await seriousHere(page)).toEqual([]);

    // A reload keeps the filters.
    await page.reload();
    await expect(main.getByRole('combobox', { name: 'Type' })).toHaveText('Withdrawal');
    await expect(listed(page)).toHaveCount(1);

    // Nothing matches: said so, with a way back to everything.
    await main.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Deposit' }).click();
    await main.getByLabel('From', { exact: true }).fill('2020-01-01');
    await main.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(main.getByText('No transactions match these filters.')).toBeVisible();
    expect(await seriousHere(page)).toEqual([]);
    await main.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/dashboard\/transactions$/);
    await expect(listed(page)).toHaveCount(3);

    // The txid by its beginning, typed lower case and without 0x.
    await main.getByRole('textbox', { name: 'Transaction id' }).fill(txid.slice(2, 14).toLowerCase());
    await main.getByRole('textbox', { name: 'Transaction id' }).press('Enter');
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page).first()).toContainText('$175.00');

    // Defect 2: anywhere on the row (or card) opens the timeline; so does Enter on a focused row.
    await listed(page).first().getByText('$175.00', { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/transactions/${pendingId}$`));
    await expect(main.getByRole('heading', { level: 1, name: 'Deposit of $175.00' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/txid=/);
    await listed(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/transactions/${pendingId}$`));
    await page.context().close();
  });

  test(`a new investor is invited to deposit (${theme})`, async ({ browser }) => {
    test.setTimeout(60_000);
    const page = await pageFor(browser, size(), theme);
    const main = page.getByRole('main');
    const investor = await registerInvestor(page, 'New Investor');
    await signInAs(page, investor.token);
    const account = (await (await page.request.get('/api/account', { headers: investor.auth })).json()).data;

    await page.goto('/dashboard');
    const chart = main.getByRole('region', { name: 'How your money grows' });
    await expect(
      chart
        .getByRole('table', { name: /over the last 30 days$/ })
        .getByRole('row')
        .last(),
    ).toHaveText(`${await today(page)}${dollars(account.balance)}$0.00$0.00`);

    await page.goto('/dashboard/transactions');
    await expect(main.getByText('No transactions yet.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousHere(page)).toEqual([]);
    await main.getByRole('link', { name: 'Make your first deposit' }).click();
    await expect(page).toHaveURL(/\/dashboard\/invest$/);
    await page.context().close();
  });
}
