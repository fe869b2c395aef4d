import { expect, test, type Page } from '@playwright/test';
import { pageFor, SIZES, THEMES } from './screenshots/shots';
import { adminToken, registerInvestor, seriousHere, signInAs } from './session';

// Issue 38 "Record view", "Bulk actions", saved filters: the admin transactions list fits the
// screen (no sideways scroll at 1280 px, cards on a phone), a row opens into a side drawer with its
// own URL (reload keeps it, Escape closes it), the txid copies, ticked pending deposits are
// confirmed together with one reason, and the date filter lives in the URL. Each project runs it at
// its own size (1280×800 or 390×844) in both themes.

const size = () => SIZES.find((s) => s.name === test.info().project.name) ?? SIZES[0];
const phone = () => size().name === 'phone';

/** Two investors named "<first> Rec<unique>", each with a PENDING $150 Starter deposit; names, txids and ids. */
async function twoPendingDeposits(page: Page, unique: string) {
  const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
  const starter = plans.find((p) => p.name === 'Starter')!.id;
  const made = [];
  for (const first of ['Alma', 'Bruno']) {
    const fullName = `${first} Rec${unique}`;
    const investor = await registerInvestor(page, fullName);
    const txid = `0xrec${unique}${first.toLowerCase()}${Date.now().toString(16)}`;
    const res = await page.request.post('/api/transaction/create', {
      headers: investor.auth,
      data: { trxType: 'DEPOSIT', planId: starter, crypto: 'bitcoin', amount: '150', transactionId: txid },
    });
    expect(res.status()).toBe(201);
    made.push({ fullName, txid, id: (await res.json()).data.id as string, auth: investor.auth });
  }
  return made;
}

/** Neither the page nor the list's own box scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const box = document.querySelector('[role="region"][aria-label="Transactions"]');
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      table: box ? [box.scrollWidth, box.clientWidth] : [0, 0],
    };
  });
  expect(widths.page[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths.page[1]);
  expect(widths.table[0], 'the table scrolls sideways').toBeLessThanOrEqual(widths.table[1]);
}

/** The row (desktop) or card (phone) of a transaction, by its id. */
const entry = (page: Page, id: string) => page.locator(`[data-record-row="${id}"]`);

for (const theme of THEMES) {
  test(`an admin checks a deposit in its drawer, filters by date and confirms two at once (${theme})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const page = await pageFor(browser, size(), theme);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const unique = Math.random().toString(36).slice(2, 8);
    const [alma, bruno] = await twoPendingDeposits(page, unique);
    await signInAs(page, await adminToken(page));
    const main = page.getByRole('main');

    // The overview's "pending deposits" link: the list filtered by the URL alone.
    await page.goto(`/admin/transactions?status=PENDING&type=DEPOSIT&q=Rec${unique}`);
    await expect(entry(page, alma.id)).toBeVisible();
    await expect(entry(page, bruno.id)).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('PENDING');
    await expectNoSidewaysScroll(page);
    if (!phone()) {
      const table = main.getByRole('table', { name: 'Transactions' });
      for (const heading of ['Date', 'Investor', 'Type', 'Amount', 'Status', 'Transaction ID'])
        await expect(table.getByRole('columnheader', { name: heading })).toBeVisible();
    }

    // A row opens into the drawer, with its own URL; a reload keeps it open.
    await entry(page, alma.id).getByText(alma.fullName).click();
    await expect(page).toHaveURL(new RegExp(`record=${alma.id}`));
    const drawer = page.getByRole('dialog', { name: 'Deposit of $150.00' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(alma.txid);
    await page.reload();
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(`${alma.fullName} \u00b7`);
    await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Submitted');
    await expect(drawer.getByRole('region', { name: 'Ledger entries' })).toContainText('No money has moved');
    await expect(drawer).toContainText(`Confirming: This credits $150.00 to ${alma.fullName}'s investment`);
    const box = (await drawer.boundingBox())!;
    if (phone()) expect(box.width).toBeGreaterThanOrEqual(size().viewport.width - 1);
    else expect(box.width).toBeLessThan(size().viewport.width / 2);
    expect(await seriousHere(page)).toEqual([]);

    // The txid copies whole.
    await drawer.getByRole('button', { name: 'Copy the whole transaction id' }).click();
    await expect(drawer.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(alma.txid);

    // Escape closes it, the URL keeps the filters, and focus is back on the row.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/record=/);
    await expect(page).toHaveURL(/status=PENDING/);
    await expect(entry(page, alma.id)).toBeFocused();
    // Enter on the focused row opens it again; Back closes it.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.goBack();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/status=PENDING&type=DEPOSIT/);

    // The date filter goes into the URL and survives a reload.
    const today = new Date().toISOString().slice(0, 10);
    await main.getByLabel('From').fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await page.reload();
    await expect(main.getByLabel('From')).toHaveValue(today);
    await expect(entry(page, bruno.id)).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Bulk: tick both pending deposits, confirm them with one reason.
    for (const who of [alma, bruno])
      await main.getByRole('checkbox', { name: `Select ${who.fullName}'s $150.00 deposit` }).check();
    await expect(main.getByText('2 selected')).toBeVisible();
    await main.getByRole('button', { name: 'Confirm selected' }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm 2 selected?' });
    await expect(ask).toContainText('This confirms 2 deposits totalling $300.00');
    await ask.getByLabel('Reason (shown to each investor, optional)').fill('Both seen on chain');
    expect(await seriousHere(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Confirm all' }).click();
    await expect(page.getByText('2 deposits confirmed.').first()).toBeVisible();
    for (const who of [alma, bruno]) {
      const mine = (await (await page.request.get(`/api/transaction/${who.id}`, { headers: who.auth })).json())
        .data as { status: string; events: { kind: string; reason: string | null }[] };
      expect(mine.status).toBe('CONFIRMED');
      expect(mine.events.at(-1)).toMatchObject({ kind: 'CONFIRMED', reason: 'Both seen on chain' });
    }
    // Still filtered to pending: both have left the list.
    await expect(entry(page, alma.id)).toHaveCount(0);
    await page.context().close();
  });
}
