import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailsTo, waitForMail } from './mail';
import { adminToken, openSection, registerInvestor, signInAs } from './session';

/** A plan as GET /api/plans lists it. */
interface Plan {
  id: string;
  name: string;
  durationHours: number;
  returnsPrincipal: boolean;
}

/** The amount shown on the summary card labelled `label` (Balance, Investment, Profit). */
const card = (main: Locator, label: string) =>
  main.getByRole('heading', { name: label, exact: true }).locator('xpath=following-sibling::p[1]');

/** A running countdown, e.g. "23 h 59 m 58 s left" or "2 d 00 h 01 m left". */
const COUNTDOWN = /^(\d+ d \d\d h \d\d m|\d+ h \d\d m \d\d s) left$/;

/** The bell in the header (the phone top bar or the desktop corner, whichever is shown). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });

/**
 * Resolves once the dashboard's socket has sent both subscriptions (graphql-ws sends them only
 * after the server acknowledged the connection and its token). Call before navigating.
 */
function liveSubscriptions(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const seen = new Set<string>();
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (!text.includes('"subscribe"')) return;
        for (const field of ['accountChanged', 'notificationAdded']) if (text.includes(field)) seen.add(field);
        if (seen.size === 2) resolve();
      });
    });
  });
}

/** axe's serious and critical violation ids on the page as it is now (e.g. the bell open). */
async function seriousHere(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`);
}

test('a deposit is confirmed, runs its term and pays out while the investor watches: cards, bell, timeline and the e-mail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const investor = await registerInvestor(page, 'Lena Lifecycle');
  const plans: Plan[] = (await (await page.request.get('/api/plans')).json()).data;
  const starter = plans.find((p) => p.name === 'Starter')!;
  await signInAs(page, investor.token);
  const subscribed = liveSubscriptions(page);
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(card(main, 'Investment')).toHaveText('$0.00');
  await expect(card(main, 'Balance')).toHaveText('$100.00'); // the signup bonus
  await expect(main.getByText(/^No running plans\./)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await subscribed;

  // The investor deposits $500 into Starter (API); the overview's transactions list shows it live.
  await main.getByRole('tab', { name: 'Transactions' }).click();
  const created = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: {
      trxType: 'DEPOSIT',
      planId: starter.id,
      crypto: 'bitcoin',
      amount: '500',
      transactionId: `0xlife${Date.now()}`,
    },
  });
  expect(created.status()).toBe(201);
  const depositId = (await created.json()).data._id as string;
  // A table row on desktop, a card on phones (issue 14).
  const latest =
    test.info().project.name === 'phone'
      ? main.getByRole('list', { name: 'Latest transactions' }).getByRole('listitem')
      : main.getByRole('row', { name: /DEPOSIT/ });
  await expect(latest.filter({ hasText: 'DEPOSIT' }).first()).toContainText('PENDING');

  // The admin confirms it (API) with a note: the Investment card, running plans and bell follow live.
  const confirmed = await page.request.put(`/api/transaction/${depositId}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { status: 'CONFIRMED', reason: 'Payment seen on chain' },
  });
  expect(confirmed.status()).toBe(200);
  await expect(card(main, 'Investment')).toHaveText('$500.00');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByText('Deposit confirmed').first()).toBeVisible(); // the toast
  const running = main.getByRole('link', { name: 'Starter: $500.00, open its timeline' });
  await expect(running).toBeVisible();
  // (The server's clock may be ahead from an earlier run of this spec: only the shape is checked.)
  await expect(main.getByRole('timer').first()).toHaveText(COUNTDOWN);

  // Its timeline while the term runs: confirmed with the note, when it matures, a live countdown.
  await running.click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Deposit of $500.00');
  const timeline = main.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Deposit submitted');
  await expect(timeline).toContainText('Deposit confirmed');
  await expect(timeline).toContainText('Note from our team: Payment seen on chain');
  await expect(timeline).toContainText(/Matures at \d{1,2} \w{3} \d{4}, \d\d:\d\d\./);
  await expect(timeline.getByRole('timer')).toHaveText(COUNTDOWN);
  await expect(timeline).toContainText('Payout at maturity');
  expect(await seriousHere(page)).toEqual([]);

  // Back on the overview, the term passes (the server's clock moves past 24 h and settles it).
  await openSection(page, 'Dashboard');
  await expect(card(main, 'Investment')).toHaveText('$500.00');
  const moved = await page.request.post('/api/test/clock', {
    data: { advanceSeconds: starter.durationHours * 3600 + 120 },
  });
  expect(moved.status()).toBe(200);
  expect((await moved.json()).data.settled).toBeGreaterThanOrEqual(1);

  // Without a reload: profit $50 (10%), the principal back in the balance, a second notification.
  await expect(card(main, 'Profit')).toHaveText('$50.00');
  await expect(card(main, 'Balance')).toHaveText(starter.returnsPrincipal ? '$650.00' : '$150.00');
  await expect(card(main, 'Investment')).toHaveText(starter.returnsPrincipal ? '$0.00' : '$500.00');
  await expect(main.getByText(/^No running plans\./)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  // The bell lists both; choosing "Deposit settled" marks it read and opens the settled timeline.
  await bell(page).click();
  const menu = page.getByRole('menu', { name: 'Latest notifications' });
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await expect(menu.getByRole('menuitem').first()).toContainText('Deposit settled');
  await expect(menu.getByRole('menuitem').first()).toBeFocused(); // arrow keys move from here
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCSS('opacity', '1'); // opened fully
  expect(await seriousHere(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page).toHaveURL(new RegExp(`/dashboard/transactions/${depositId}$`));
  await expect(timeline).toContainText('Deposit settled');
  const paid = starter.returnsPrincipal
    ? '$50.00 profit and your $500.00 principal were credited to your balance.'
    : '$50.00 profit was credited to your balance.';
  await expect(timeline).toContainText(paid);
  await expect(timeline.getByRole('timer')).toHaveCount(0);
  await expect(main.getByText('Settled', { exact: true }).first()).toBeVisible(); // the status chip

  // "Mark all as read" clears the badge; the settlement e-mail arrived with the same words.
  await bell(page).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(menu.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
  await expect(bell(page)).toBeFocused(); // the menu gives the focus back
  await waitForMail(investor.email, /(Deposit settled)/);
  await waitForMail(investor.email, /(\$50\.00 profit)/);
});

test('an investor who turns notification e-mails off still sees the bell but gets no e-mail about a decline', async ({
  page,
}) => {
  const investor = await registerInvestor(page, 'Quiet Investor');
  const plans: Plan[] = (await (await page.request.get('/api/plans')).json()).data;
  await signInAs(page, investor.token);
  await page.goto('/dashboard/settings');
  const main = page.getByRole('main');
  const toggle = main.getByRole('switch', { name: 'E-mail me about my deposits and withdrawals' });
  await expect(toggle).toBeChecked();
  await expect(main.getByText(/Security e-mails .* are always sent\./)).toBeVisible();
  await toggle.click();
  await expect(page.getByText('E-mail notifications turned off')).toBeVisible();
  const subscribed = liveSubscriptions(page);
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await subscribed;

  const since = Date.now() - 1000;
  const created = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: {
      trxType: 'DEPOSIT',
      planId: plans[0].id,
      crypto: 'usdt',
      amount: '200',
      transactionId: `0xquiet${Date.now()}`,
    },
  });
  const depositId = (await created.json()).data._id as string;
  const declined = await page.request.put(`/api/transaction/${depositId}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { status: 'DECLINED', reason: 'Payment not found' },
  });
  expect(declined.status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await page.goto(`/dashboard/transactions/${depositId}`);
  const timeline = main.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Deposit declined');
  await expect(timeline).toContainText('Reason: Payment not found');

  // Security e-mails still go: a saved withdrawal address is mailed. Mails are sent right after
  // their change commits, so by the time this one arrived a decline mail would have too.
  const saved = await page.request.put('/api/account', {
    headers: investor.auth,
    data: { wallet: { usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } },
  });
  expect(saved.status()).toBe(200);
  await waitForMail(investor.email, /(withdrawal address was set to)/, since);
  expect((await mailsTo(investor.email, since)).some((m) => /Deposit declined/.test(m.raw))).toBe(false);
});
