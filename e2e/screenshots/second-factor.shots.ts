import { expect, test } from '@playwright/test';
import { operator } from '../mail';
import { registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';
import { serverNow, totpCode } from '../secondFactor';

/**
 * Screenshots of two-factor sign-in (issue 13) for review, not assertions: the authenticator
 * set-up, the recovery codes, the login code step, a new API key and the admin enrolment screen,
 * at 1280×800 and 390×844, light and dark, into .data/screenshots/2fa/ (not committed).
 * Run on demand with `npm run screenshots` (playwright.screenshots.config.ts), never in `npm test`.
 */

const shoot = camera('2fa');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`two-factor screens at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');

      // Authenticator set-up, then the recovery codes.
      const investor = await registerInvestor(page, 'Sasha Screens');
      await signInAs(page, investor.token);
      await page.goto('/dashboard/settings?tab=security');
      await main.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(main.getByRole('img', { name: /QR code/ })).toBeVisible();
      const secret = (await main.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
      await shoot(page, 'totp-setup', size.name, theme);
      await main.getByRole('textbox', { name: 'Code from the app' }).fill(await totpCode(page.request, secret, false));
      await main.getByRole('button', { name: 'Turn on' }).click();
      await expect(main.getByRole('list', { name: 'Your recovery codes' })).toBeVisible();
      await shoot(page, 'recovery-codes', size.name, theme);
      await main.getByRole('button', { name: 'I have saved them' }).click();

      // A new API key's secret, shown once.
      await main.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('dialog', { name: 'Create an API key' }).getByLabel('Name').fill('Spreadsheet');
      await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByRole('dialog', { name: /created/ })).toBeVisible();
      await page.waitForTimeout(300); // the dialog's entrance transition
      await shoot(page, 'api-key-created', size.name, theme, false);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await shoot(page, 'security-tab', size.name, theme);

      // Five minutes on, new recovery codes ask to prove the factor again (step-up).
      await serverNow(page.request, 6 * 60);
      await main.getByRole('button', { name: 'New recovery codes' }).click();
      await page
        .getByRole('dialog', { name: 'Make new recovery codes?' })
        .getByRole('button', { name: 'Make new codes' })
        .click();
      await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toBeVisible();
      await page.waitForTimeout(300); // the dialog's entrance transition
      await shoot(page, 'step-up', size.name, theme, false);
      await page.getByRole('dialog', { name: "Confirm it's you" }).getByRole('button', { name: 'Cancel' }).click();

      // The login page's code step.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto('/login');
      await main.getByLabel('Email').fill(investor.email);
      await main.getByLabel('Password', { exact: true }).fill('first-pass-1');
      await main.getByRole('button', { name: 'Login' }).click();
      await expect(main.getByRole('textbox', { name: 'Authentication code' })).toBeFocused();
      await shoot(page, 'login-code', size.name, theme);

      // The admin enrolment screen of an admin the operator just created: confined, with the enrolment code field.
      const email = `shots-${Date.now()}-${Math.random().toString(16).slice(2, 6)}@e2e.test`;
      const created = await operator('create', '--email', email);
      const login = await page.request.post('/api/user/login', {
        data: { email, password: /password: +(\S+)/.exec(created.stdout)![1] },
      });
      await signInAs(page, (await login.json()).data.token);
      await page.goto('/admin/users');
      await expect(page).toHaveURL(/\/admin\/security$/);
      await expect(main.getByText('Set up two-factor sign-in to continue')).toBeVisible();
      await shoot(page, 'admin-enrolment', size.name, theme);
      await main.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(main.getByRole('textbox', { name: 'Enrolment code' })).toBeVisible();
      await main.getByRole('textbox', { name: 'Enrolment code' }).scrollIntoViewIfNeeded();
      await shoot(page, 'admin-enrolment-code', size.name, theme, false);
      await page.context().close();
    });
  }
}
