import { expect, test, type Page } from '@playwright/test';
import { starterDeposit } from './depositedInvestor';
import { adminToken, registerInvestor, seriousHere, signInAs } from './session';

// The admin overview at /admin (issue 38): the cards show the seeded figures to the cent, the
// pending-deposits card leads to the transactions list filtered to pending deposits, the chart's
// range changes; at both sizes (projects) and in both themes, axe clean, no sideways scroll.
// Other specs share the run's database, so figures are checked against a baseline read first.

const FIGURES = `query { adminOverview(days: 30) {
  assetsUnderManagement balancesOwed pendingDeposits { count sum } newInvestors { thisWeek } } }`;

interface Figures {
  assetsUnderManagement: string;
  balancesOwed: string;
  pendingDeposits: { count: number; sum: string };
  newInvestors: { thisWeek: number };
}

/** The overview's figures as the API gives them now. */
async function figures(page: Page, token: string): Promise<Figures> {
  const res = await page.request.post('/graphql', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { query: FIGURES },
  });
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data.adminOverview;
}

/** A decimal string as whole cents (exact: BigInt), rounded half up like the page. */
function cents(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  const base = BigInt(whole + frac.padEnd(2, '0').slice(0, 2));
  return frac.charCodeAt(2) >= 53 ? base + 1n : base;
}

/** Cents as the page writes dollars: "$12,345.60". */
function dollars(value: bigint): string {
  const text = value.toString().padStart(3, '0');
  const whole = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${text.slice(-2)}`;
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('mui-mode', mode), theme);
    });

    test('an admin reads the overview, changes the chart range and follows pending deposits to their list', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const token = await adminToken(page);
      const before = await figures(page, token);
      // One new investor with two $150 deposits waiting for review.
      const name = `Overview Investor ${Math.random().toString(36).slice(2, 8)}`;
      const investor = await registerInvestor(page, name);
      await starterDeposit(page, investor);
      await starterDeposit(page, investor);
      // Its signup bonus sits in its balance (locked until a deposit is confirmed): owed too.
      const account = await (await page.request.get('/api/account', { headers: investor.auth })).json();
      const balancesOwed = dollars(cents(before.balancesOwed) + cents(account.data.balance));
      const pendingCount = before.pendingDeposits.count + 2;
      const pendingSum = dollars(cents(before.pendingDeposits.sum) + 30000n);

      await signInAs(page, token);
      await page.goto('/admin');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      const card = (name: string) => main.getByRole('region', { name, exact: true });
      await expect(card('Pending deposits')).toContainText(pendingSum);
      await expect(card('Pending deposits')).toContainText(`${pendingCount} deposits waiting for review`);
      await expect(card('Assets under management')).toContainText(dollars(cents(before.assetsUnderManagement)));
      await expect(card('Balances owed')).toContainText(balancesOwed);
      // This week is the server's (its test clock may be weeks ahead after other specs), while a new
      // investor's sign-up time is the database's: read the count back rather than add one (the
      // server's overview test checks the week boundaries against a set clock).
      const { thisWeek } = (await figures(page, token)).newInvestors;
      await expect(card('New investors this week')).toContainText(String(thisWeek));
      await expect(card('Due for settlement').getByRole('link', { name: 'Open the settlement queue' })).toBeVisible();
      await expect(
        main.getByText('falls due over the next 30 days').or(main.getByText('No running deposit')),
      ).toBeVisible();

      // The charts are drawn, the page never scrolls sideways, and axe finds nothing serious.
      await expect(main.locator('svg .MuiBarChart-element').first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousHere(page)).toEqual([]);

      // The range: 7 days, then 90.
      const flows = main.getByRole('region', { name: 'Deposits and withdrawals per day' });
      await expect(flows).toContainText('Confirmed over the last 30 days');
      await flows.getByRole('button', { name: '7 days' }).click();
      await expect(flows).toContainText('Confirmed over the last 7 days');
      await expect(flows.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(flows.locator('table tbody tr')).toHaveCount(7);
      await flows.getByRole('button', { name: '90 days' }).click();
      await expect(flows.locator('table tbody tr')).toHaveCount(90);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      // The pending-deposits card leads to the list filtered to pending deposits.
      await card('Pending deposits').getByRole('link', { name: 'Review pending deposits' }).click();
      await expect(page).toHaveURL(/\/admin\/transactions\?status=PENDING&type=DEPOSIT$/);
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main.getByRole('combobox', { name: 'Status', exact: true })).toContainText('PENDING');
      await expect(main.getByRole('combobox', { name: 'Type', exact: true })).toContainText('DEPOSIT');
      await expect(main.getByText(name).first()).toBeVisible();

      // Overview comes first in the admin navigation and leads back to /admin, where it is the current page.
      const menu = page.getByRole('button', { name: 'Open menu' });
      const nav = page.getByRole('navigation', { name: 'Admin' });
      if (await menu.isVisible()) await menu.click();
      const entries = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
      expect(entries.indexOf('Overview')).toBeGreaterThanOrEqual(0);
      expect(entries.indexOf('Users')).toBe(entries.indexOf('Overview') + 1); // the brand, then Overview first
      await nav.getByRole('link', { name: 'Overview' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      if (await menu.isVisible()) await menu.click();
      await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    });
  });
}
