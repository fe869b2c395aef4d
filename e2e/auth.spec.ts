import { expect, Page, test } from '@playwright/test';
import { waitForMail } from './mail';
import { adminCode } from './secondFactor';

const CODE = /verification code is:? (\d{4})/;
const RESET_CODE = /password reset code is:? (\d{4})/;

async function typeCode(page: Page, code: string) {
  for (let i = 0; i < code.length; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]);
}

test('register, verify with the mailed code, log out and in, reset the password', async ({ page }, info) => {
  const email = `e2e-${info.project.name}-${Date.now()}@example.test`;
  const main = page.getByRole('main');

  await page.goto('/register');
  await expect(main.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await main.getByLabel('Full name').fill('Edsger Dijkstra');
  await main.getByLabel('Email').fill(email);
  await main.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Netherlands' });
  await main.getByLabel('Password', { exact: true }).fill('first-pass-1');
  const submit = main.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled();
  await main.getByRole('checkbox', { name: /I agree to the Terms of use/ }).check();
  await expect(submit).toBeEnabled();
  const sentAt = Date.now();
  await submit.click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('otp sent to your email')).toBeVisible();
  // The code was just mailed: resending waits out the server's one-a-minute limit, counting down.
  const resend = main.getByRole('button', { name: /^resend otp in \d+ s$/ });
  await expect(resend).toBeDisabled();
  const first = Number((await resend.textContent())!.match(/\d+/)![0]);
  expect(first).toBeGreaterThan(50);
  await expect
    .poll(async () => Number(((await resend.textContent()) ?? '').match(/\d+/)?.[0]), { timeout: 5000 })
    .toBeLessThan(first);
  // Without the countdown (another tab, a reload that lost it) the server refuses with the wait, which shows.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await main.getByRole('button', { name: 'resend otp', exact: true }).click();
  await expect(page.getByText(/^Please wait \d+ s before asking for another code\.$/)).toBeVisible();
  await expect(main.getByRole('button', { name: /^resend otp in \d+ s$/ })).toBeDisabled();
  await expect(page.getByText('otp resent to your email')).toHaveCount(0);
  const code = await waitForMail(email, CODE, sentAt - 1000);
  await typeCode(page, code);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Log out from the dashboard, then back in.
  const logout = page.getByRole('button', { name: 'Logout' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(logout.or(menu).first()).toBeVisible(); // desktop: sidebar; phone: menu toggle
  if (!(await logout.isVisible())) await menu.click();
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/login');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.removeItem('token'));

  // Reset through the e-mailed code.
  await page.goto('/reset-password');
  await main.getByLabel('Email').fill(email);
  const resetAt = Date.now();
  await main.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('otp sent to your email')).toBeVisible();
  const resetCode = await waitForMail(email, RESET_CODE, resetAt - 1000);
  await typeCode(page, resetCode);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/change-password\?token=/);
  await main.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await main.getByLabel('Confirm password', { exact: true }).fill('second-pass-2');
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('password changed', { exact: true })).toBeVisible();

  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await main.getByLabel('Password', { exact: true }).fill('second-pass-2');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('shows the spec wording under the fields and keeps submit disabled', async ({ page }) => {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill('not-an-email');
  await main.getByLabel('Password', { exact: true }).fill('short');
  await main.getByLabel('Password', { exact: true }).blur();
  await expect(main.getByText('Invalid email')).toBeVisible();
  await expect(main.getByText('password length should be a 8 or more')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Login' })).toBeDisabled();
});

test('the admin lands on /admin after login with an authenticator code', async ({ page }) => {
  // Administrators must use two-factor sign-in: the helper sets it up on first use and makes the code.
  const code = await adminCode(page.request);
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill('admin@e2e.test');
  await main.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await main.getByRole('button', { name: 'Login' }).click();
  await main.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});
