import { expect, test, type Page } from '@playwright/test';
import { adminToken, registerInvestor, seriousHere, signInAs } from './session';

// Issue 38: the audit log at /admin/audit (an admin edit shows up, filtered by action and actor,
// the filters kept in the URL), and the users and accounts tables (no sideways scroll at 1280 px,
// a row opens its record drawer with its own URL that survives a reload). Both sizes (projects),
// both themes, axe clean.

/** A fresh investor with a name no other test uses; the search text finds only them. */
async function freshInvestor(page: Page) {
  const unique = Math.random().toString(36).slice(2, 8);
  const fullName = `Audit Kofi${unique}`;
  const investor = await registerInvestor(page, fullName, 'GH');
  return { ...investor, fullName, unique };
}

/** Fails when the page itself scrolls sideways, or the table does (the hint says so). */
async function expectNoSidewaysScroll(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('table').first()).toBeVisible();
  await expect(main.getByText('Scroll sideways to see every column')).toHaveCount(0);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('mui-mode', mode), theme);
    });

    test('an admin edit shows in the audit log, filtered by action and actor, and the URL keeps the filters', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const investor = await freshInvestor(page);
      await signInAs(page, await adminToken(page));
      const main = page.getByRole('main');

      // Edit the investor from their record drawer.
      await page.goto(`/admin/users?q=${investor.unique}`);
      await main.getByRole('cell', { name: investor.fullName, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: investor.fullName });
      await drawer.getByRole('button', { name: 'Edit profile' }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${investor.fullName}` });
      await edit.getByLabel('City').fill('Kumasi');
      await edit.getByRole('button', { name: 'Save user' }).click();
      await expect(page.getByText('profile updated').first()).toBeVisible();
      await expect(drawer).toContainText('Kumasi');

      // The audit log, filtered to admin edits by the e2e admin.
      await page.goto('/admin/audit');
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(main.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await main.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Edited a user' }).click();
      await main.getByRole('searchbox', { name: 'search by actor name or e-mail' }).fill('admin@e2e');
      await main.getByRole('button', { name: 'search', exact: true }).click();
      await expect(page).toHaveURL(/action=user\.admin_updated/);
      await expect(page).toHaveURL(/q=admin%40e2e/);
      const link = main.getByRole('link', { name: investor.fullName }).first();
      await expect(link).toBeVisible();
      // A table row at 1280 px, a card on a phone.
      const entryText = await main.locator('tr, li').filter({ hasText: investor.fullName }).first().textContent();
      expect(entryText).toContain('Edited a user');
      expect(entryText).toContain('city');
      // Every row is an admin edit (the action filter is exact).
      const labels = await main.getByRole('cell', { name: /^(Signed in|Failed to sign in|Signed up)$/ }).count();
      expect(labels).toBe(0);
      expect(await seriousHere(page)).toEqual([]);

      // A reload keeps the filters; the subject links to the user's drawer.
      await page.reload();
      await expect(main.getByRole('combobox', { name: 'Action' })).toHaveText('Edited a user');
      await expect(main.getByRole('searchbox', { name: 'search by actor name or e-mail' })).toHaveValue('admin@e2e');
      await main.getByRole('link', { name: investor.fullName }).first().click();
      await expect(page).toHaveURL(/\/admin\/users\?record=/);
      await expect(page.getByRole('dialog', { name: investor.fullName })).toBeVisible();

      // Another actor's filter: the investor's own sign-up, by their e-mail.
      await page.goto(`/admin/audit?q=${encodeURIComponent(investor.email)}&action=user.register`);
      await expect(main.getByRole('link', { name: investor.fullName })).toHaveCount(1);
      await page.goto(`/admin/audit?q=${encodeURIComponent(investor.email)}&action=user.admin_updated`);
      await expect(main.getByText('Nothing matches these filters.')).toBeVisible();
    });

    test('users and accounts fit the screen; a row opens its drawer, whose URL survives a reload', async ({ page }) => {
      test.setTimeout(90_000);
      const investor = await freshInvestor(page);
      await signInAs(page, await adminToken(page));
      const main = page.getByRole('main');
      const phone = test.info().project.name === 'phone';

      await page.goto(`/admin/users?q=${investor.unique}`);
      const row = main.getByRole('row', { name: new RegExp(investor.unique) });
      await expect(row).toHaveCount(1);
      if (!phone) {
        await expectNoSidewaysScroll(page);
        // The Joined date is whole, not under the Options column.
        const joined = (await row.getByRole('cell').nth(4).boundingBox())!;
        const options = (await row.getByRole('cell').last().boundingBox())!;
        expect(joined.x + joined.width).toBeLessThanOrEqual(options.x + 1);
        expect(
          await row
            .getByRole('cell')
            .nth(4)
            .evaluate((el) => el.scrollWidth <= el.clientWidth),
        ).toBe(true);
      }
      await row.getByRole('cell', { name: investor.fullName, exact: true }).click();
      await expect(page).toHaveURL(/record=/);
      const drawer = page.getByRole('dialog', { name: investor.fullName });
      await expect(drawer.getByRole('region', { name: 'Profile' })).toContainText('Ghana');
      await expect(drawer.getByRole('region', { name: 'Balances' })).toContainText('$100.00');
      // Support can tell whether two-step sign-in is on (a new investor has none yet).
      const signIn = drawer.getByRole('region', { name: 'Sign-in security' });
      await expect(signIn).toContainText(/Authenticator app\s*Off/);
      await expect(signIn).toContainText(/Passkeys\s*None/);
      expect(await seriousHere(page)).toEqual([]);
      await page.reload();
      await expect(drawer.getByRole('region', { name: 'Profile' })).toContainText(investor.email);
      // The reloaded drawer holds focus, so Escape is heard: its sections load inside it (before,
      // a part still loading hid the whole drawer for ~180 ms and focus fell to the page).
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page).not.toHaveURL(/record=/);

      await page.goto(`/admin/accounts?q=${investor.unique}`);
      const accountRow = main.getByRole('row', { name: new RegExp(investor.unique) });
      await expect(accountRow).toHaveCount(1);
      if (!phone) await expectNoSidewaysScroll(page);
      // Keyboard: Enter on the focused row opens it.
      await accountRow.focus();
      await page.keyboard.press('Enter');
      const accountDrawer = page.getByRole('dialog', { name: investor.fullName });
      await expect(accountDrawer.getByRole('region', { name: 'Ledger history' })).toContainText('Signup bonus');
      await expect(accountDrawer.getByRole('region', { name: 'Balances' })).toContainText('Locked bonus');
      await page.reload();
      await expect(accountDrawer.getByRole('region', { name: 'Addresses' })).toBeVisible();
      expect(await seriousHere(page)).toEqual([]);
    });
  });
}
