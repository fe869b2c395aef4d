import { expect, test } from '@playwright/test';
import { registerInvestor } from '../session';
import { seededAdminToken } from '../secondFactor';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's audit log and the users/accounts record view, for review, not
 * assertions: the audit log filtered to admin edits, the users table at its default columns, and
 * an investor's account drawer; at 1280×800 and 390×844, light and dark, into
 * .data/screenshots/admin-audit/ (not committed). Run with `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('admin-audit');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`audit log and record view at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      const unique = Math.random().toString(36).slice(2, 8);
      const fullName = `Akosua Mensah${unique}`;
      await registerInvestor(page, fullName, 'GH');
      const token = await seededAdminToken(page.request);
      await page.goto('/terms');
      await page.evaluate((t) => localStorage.setItem('token', t), token);

      await page.goto(`/admin/users?q=${unique}`);
      await main.getByRole('cell', { name: fullName, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: fullName });
      await drawer.getByRole('button', { name: 'Edit profile' }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${fullName}` });
      await edit.getByLabel('City').fill('Kumasi');
      await edit.getByRole('button', { name: 'Save user' }).click();
      await expect(drawer).toContainText('Kumasi');

      await page.goto('/admin/users');
      await expect(main.getByRole('table', { name: 'Users' })).toBeVisible();
      await shoot(page, 'users-table', size.name, theme);

      await page.goto('/admin/audit?action=user.admin_updated');
      await expect(main.getByRole('link', { name: fullName }).first()).toBeVisible();
      await shoot(page, 'audit-log', size.name, theme);

      await page.goto(`/admin/accounts?q=${unique}`);
      await main.getByRole('cell', { name: fullName, exact: true }).click();
      await expect(
        page.getByRole('dialog', { name: fullName }).getByRole('region', { name: 'Ledger history' }),
      ).toContainText('Signup bonus');
      await shoot(page, 'account-drawer', size.name, theme, false);
      // The drawer's foot: whether the investor has two-step sign-in (support's question).
      const signIn = page.getByRole('dialog', { name: fullName }).getByRole('region', { name: 'Sign-in security' });
      await expect(signIn).toContainText('Authenticator app');
      await signIn.scrollIntoViewIfNeeded();
      await shoot(page, 'account-drawer-security', size.name, theme, false);
      await page.context().close();
    });
  }
}
