import { expect, test, type Page } from '@playwright/test';
import { adminToken, registerInvestor, seriousViolations, signInAs } from './session';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * A verified investor with a Gold deposit of $12,345.67 and a $40 withdrawal, made through the API.
 * The $100 signup bonus stays locked until a deposit is confirmed, so an admin first sets the
 * balance to $140, leaving $40 to withdraw.
 */
async function investorWithActivity(page: Page) {
  const unique = Math.random().toString(36).slice(2, 8);
  const fullName = `Nadia Okoro${unique}`;
  const { token, auth } = await registerInvestor(page, fullName, 'NG');
  const gold = (await (await page.request.get('/api/plans')).json()).data.find(
    (p: { name: string }) => p.name === 'Gold',
  );
  await page.request.put('/api/account', { headers: auth, data: { wallet: { usdt: ADDRESS } } });
  const deposit = await page.request.post('/api/transaction/create', {
    headers: auth,
    data: {
      trxType: 'DEPOSIT',
      planId: gold.id,
      crypto: 'bitcoin',
      amount: '12345.67',
      transactionId: `0xadmin${unique}`,
    },
  });
  expect(deposit.status()).toBe(201);
  const userId = (await (await page.request.get('/api/user', { headers: auth })).json()).data.id;
  const funded = await page.request.put(`/api/account/${userId}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { balance: '140', reason: 'e2e funding' },
  });
  expect(funded.status()).toBe(200);
  const withdrawal = await page.request.post('/api/transaction/create', {
    headers: auth,
    data: { trxType: 'WITHDRAWAL', crypto: 'usdt', amount: '40', wallet: ADDRESS },
  });
  expect(withdrawal.status()).toBe(201);
  return { fullName, unique, token, auth };
}

test('an admin finds an investor by the end of the name, edits them, confirms a deposit, declines a withdrawal and adjusts a balance', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const investor = await investorWithActivity(page);
  await signInAs(page, await adminToken(page));
  const main = page.getByRole('main');

  // Users: search by the end of the name, edit the name and the premium message.
  await page.goto('/admin/users');
  await main.getByPlaceholder('search for users').fill(`okoro${investor.unique}`);
  await main.getByRole('button', { name: 'search', exact: true }).click();
  await main.getByRole('button', { name: `Edit ${investor.fullName}` }).click();
  const newName = `Nadia Okoro-Bello${investor.unique}`;
  const edit = page.getByRole('dialog', { name: `Edit ${investor.fullName}` });
  await edit.getByLabel('Full name').fill(newName);
  await edit.getByLabel('Premium user').check();
  await edit.getByLabel('Message').fill('Welcome to the premium club');
  await edit.getByRole('button', { name: 'Save user' }).click();
  await expect(page.getByText('profile updated').first()).toBeVisible();
  // The old suffix no longer matches; the new one does.
  await main.getByPlaceholder('search for users').fill(`bello${investor.unique}`);
  await main.getByRole('button', { name: 'search', exact: true }).click();
  await expect(main.getByRole('cell', { name: newName, exact: true }).first()).toBeVisible();

  // The investor's overview shows the premium message.
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  await signInAs(investorPage, investor.token);
  await investorPage.goto('/dashboard');
  await expect(investorPage.getByText('Welcome to the premium club')).toBeVisible();
  await investorContext.close();

  // Transactions: confirm the deposit, decline the withdrawal.
  await page.goto('/admin/transactions');
  await main.getByPlaceholder('search by full name').fill(newName);
  await main.getByRole('button', { name: 'search', exact: true }).click();
  // The row has the date and the blockchain id with a copy button (waits for the search to apply:
  // until then the page still lists every investor's deposits).
  // Issue 38: the row is a card on a phone, and the list shows the id cut short (whole on hover).
  const depositRow = main
    .locator('[data-record-row]')
    .filter({ has: page.getByLabel(`Status of ${newName}'s deposit`) });
  await expect(depositRow).toHaveCount(1);
  await expect(depositRow).toContainText(String(new Date().getFullYear()));
  if (test.info().project.name !== 'phone') {
    await expect(depositRow.getByTitle(`0xadmin${investor.unique}`)).toBeVisible();
    await expect(depositRow.getByRole('button', { name: 'Copy transaction id' })).toBeVisible();
  }
  // Confirming moves money: a dialog states the effect first, with an optional reason.
  await main.getByLabel(`Status of ${newName}'s deposit`).selectOption('CONFIRMED');
  const confirmDeposit = page.getByRole('dialog', { name: 'Confirm this deposit?' });
  await expect(confirmDeposit).toContainText(`This credits $12,345.67 to ${newName}'s investment and Bitcoin balance.`);
  await confirmDeposit.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('transaction updated').first()).toBeVisible();
  // Declining asks for an optional reason, which the investor then reads on the timeline.
  await main.getByLabel(`Status of ${newName}'s withdrawal`).selectOption('DECLINED');
  const decline = page.getByRole('dialog', { name: 'Decline this withdrawal?' });
  await expect(decline).toContainText('No money moves: only the status changes.');
  await decline.getByLabel('Reason (shown to the investor, optional)').fill('Address flagged by our checks');
  await decline.getByRole('button', { name: 'Decline' }).click();
  const statuses = async () =>
    (
      (await (await page.request.get('/api/transaction/all', { headers: investor.auth })).json()).data as {
        trxType: string;
        status: string;
      }[]
    )
      .map((t) => `${t.trxType}:${t.status}`)
      .sort();
  await expect.poll(statuses).toEqual(['DEPOSIT:CONFIRMED', 'WITHDRAWAL:DECLINED']);
  // Filtered by status on the server: only the declined withdrawal is left.
  await main.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'DECLINED' }).click();
  await expect(main.getByLabel(`Status of ${newName}'s withdrawal`)).toHaveCount(1);
  await expect(main.getByLabel(`Status of ${newName}'s deposit`)).toHaveCount(0);
  const mine = (await (await page.request.get('/api/transaction/all', { headers: investor.auth })).json()).data as {
    _id: string;
    trxType: string;
  }[];
  const withdrawalId = mine.find((t) => t.trxType === 'WITHDRAWAL')!._id;
  const withdrawal = (
    await (await page.request.get(`/api/transaction/${withdrawalId}`, { headers: investor.auth })).json()
  ).data as { events: { kind: string; reason: string | null }[] };
  expect(withdrawal.events.at(-1)).toMatchObject({ kind: 'DECLINED', reason: 'Address flagged by our checks' });
  const account = (await (await page.request.get('/api/account', { headers: investor.auth })).json()).data;
  expect({ investment: account.investment, bitcoin: account.bitcoin, balance: account.balance }).toEqual({
    investment: '12345.67000',
    bitcoin: '12345.67000',
    balance: '140.00000',
  });

  // Accounts: set the balance with a reason, then read it in the history.
  await page.goto('/admin/accounts');
  await main.getByPlaceholder('search by user').fill(newName);
  await main.getByRole('button', { name: 'search', exact: true }).click();
  // At 1280 px the investment is a default column; on a phone the row shows the balance (issue 38).
  const phoneSize = test.info().project.name === 'phone';
  await expect(main.getByRole('row', { name: new RegExp(newName) })).toContainText(
    phoneSize ? '$140.00' : '$12,345.67',
  );
  await main.getByRole('button', { name: `Edit ${newName}` }).click();
  const adjust = page.getByRole('dialog', { name: `Edit account of ${newName}` });
  await adjust.getByLabel('Balance', { exact: true }).fill('$1,250.50');
  await adjust.getByLabel('Reason').fill('loyalty bonus for e2e');
  await adjust.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('account updated').first()).toBeVisible();
  await main.getByRole('button', { name: `History of ${newName}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${newName}` });
  await expect(history).toContainText('loyalty bonus for e2e');
  await expect(history).toContainText('$140.00 → $1,250.50'); // old → new
  await expect(history).toContainText('admin adjustment');
  await expect(history).toContainText('Administrator'); // who
  await expect(history).toContainText('$0.00 → $12,345.67'); // the confirmed deposit, exactly
  await expect(history).toContainText('deposit confirmed');
  const after = (await (await page.request.get('/api/account', { headers: investor.auth })).json()).data;
  expect(after.balance).toBe('1250.50000');
});

test('a 62-character name and a 75-character e-mail are cut with an ellipsis; amount, status and edit stay in view', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const unique = Math.random().toString(36).slice(2, 8);
  const longName = `Maximiliana Wilhelmina Theodora Hohenzollern-Sigmaringe ${unique}`; // 62 characters
  const longEmail = `maximiliana.wilhelmina.theodora.vonhohenzollern.sigmaringen.${unique}@e2e.test`; // 75
  expect([longName.length, longEmail.length]).toEqual([62, 75]);
  const { auth } = await registerInvestor(page, longName, 'DE', longEmail);
  const starter = (await (await page.request.get('/api/plans')).json()).data[0];
  const deposit = await page.request.post('/api/transaction/create', {
    headers: auth,
    data: { trxType: 'DEPOSIT', planId: starter.id, crypto: 'bnb', amount: '150', transactionId: `0xlong${unique}` },
  });
  expect(deposit.status()).toBe(201);
  await signInAs(page, await adminToken(page));
  const main = page.getByRole('main');
  const viewport = page.viewportSize()!;
  const phone = test.info().project.name === 'phone';

  /** Fails unless `locator` lies inside the window (not scrolled or pushed off to the right). */
  const expectInView = async (what: string, locator: ReturnType<typeof main.getByRole>) => {
    const box = (await locator.boundingBox())!;
    expect(box.x + box.width, `${what} is off-screen`).toBeLessThanOrEqual(viewport.width);
  };

  // The country search matches the country's name too: "Ger" finds this investor from Germany.
  await page.goto('/admin/users');
  await main.getByPlaceholder('search for users').fill('Ger');
  await main.getByRole('button', { name: 'search', exact: true }).click();
  const found = main.getByRole('row', { name: new RegExp(unique) });
  await expect(found).toHaveCount(1);
  // The country is a default column at 1280 px; on a phone it is one the column chooser adds.
  if (!phone) await expect(found).toContainText('Germany');

  for (const [path, search, action, amount] of [
    ['/admin/users', 'search for users', `Edit ${longName}`, null],
    ['/admin/accounts', 'search by user', `Edit ${longName}`, '$100.00'], // the balance: the signup bonus
    ['/admin/transactions', 'search by full name', `Status of ${longName}'s deposit`, '$150.00'],
  ] as const) {
    await page.goto(path);
    await main.getByPlaceholder(search).fill(unique);
    await main.getByRole('button', { name: 'search', exact: true }).click();
    // On a phone the transactions are cards (issue 38: no sideways scroll), each a list item.
    const cards = phone && path.endsWith('transactions');
    const row = cards
      ? main.getByRole('listitem').filter({ hasText: unique })
      : main.getByRole('row', { name: new RegExp(unique) });
    await expect(row).toHaveCount(1);
    const name = row.getByText(longName, { exact: true });
    // Cut with an ellipsis: the text is wider than its box.
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(name).toHaveCSS('text-overflow', 'ellipsis');
    await expect(row.getByText(longEmail, { exact: true })).toHaveCSS('text-overflow', 'ellipsis');
    // The row's action stays in view, whatever the name.
    const control = path.endsWith('transactions') ? row.getByLabel(action) : row.getByRole('button', { name: action });
    await expectInView(action, control);
    if (!phone) {
      // At 1280 px the amount shows too, and the full name comes up on keyboard focus.
      if (amount) await expectInView('Amount', row.getByRole('cell', { name: amount, exact: true }).first());
      await name.focus(); // then Tab back to it, so the focus is a keyboard one
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(name).toBeFocused();
      await expect(page.getByRole('tooltip')).toHaveText(longName);
      await page.keyboard.press('Escape');
    } else if (!cards) {
      await expect(main.getByText('Scroll sideways to see every column')).toBeVisible();
    }
  }
});

test('axe finds no serious or critical violation on the admin pages', async ({ page }) => {
  await signInAs(page, await adminToken(page));
  expect(
    await seriousViolations(page, [
      '/admin/users',
      '/admin/accounts',
      '/admin/transactions',
      '/admin/settlements',
      '/admin/security',
    ]),
  ).toEqual([]);
});
