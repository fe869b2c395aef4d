import { expect, test, type Page } from '@playwright/test';
import { registerInvestor, seriousHere, signInAs } from './session';
import { operator, waitForMail } from './mail';
import { ENROLMENT_CODE_IN_MAIL, totpCode, wrongCode } from './secondFactor';
import { serverNow } from './serverClock';

/** The password registerInvestor gives every investor. */
const PASSWORD = 'first-pass-1';
const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

/** Logs out through the sidebar (the phone layout opens the drawer first). */
async function logout(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Logout' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(button.or(menu).first()).toBeVisible();
  if (!(await button.isVisible())) await menu.click();
  await button.click();
  await expect(page).toHaveURL(/\/$/);
}

/** Step 1 of the login page: e-mail and password. */
async function enterPassword(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Login' }).click();
}

/** Opens Settings → Security in the dashboard. */
async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/dashboard/settings');
  const tab = page.getByRole('main').getByRole('tab', { name: 'Security' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Sets up the authenticator on the open security settings: reads the key off the page, types the code. */
async function setUpAuthenticator(page: Page): Promise<string> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(main.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await seriousHere(page)).toEqual([]);
  const secret = (await main.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await main.getByRole('textbox', { name: 'Code from the app' }).fill(await totpCode(page.request, secret, false));
  await main.getByRole('button', { name: 'Turn on' }).click();
  return secret;
}

test('an investor turns on an authenticator app, then signs in with its code and with a recovery code; a wrong code does not sign in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const investor = await registerInvestor(page, 'Tomas Totp');
  await signInAs(page, investor.token);
  await openSecurityTab(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();

  const secret = await setUpAuthenticator(page);
  // The ten recovery codes, shown once; the session token was replaced by the proven one.
  const list = main.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(main.getByText('You will not see them again', { exact: false })).toBeVisible();
  expect(await seriousHere(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe(investor.token);
  await main.getByRole('button', { name: 'I have saved them' }).click();
  await expect(main.getByText('Recovery codes left: 10 of 10')).toBeVisible();
  await logout(page);

  // Password, then the code step; a wrong code is refused and shown under the field.
  await enterPassword(page, investor.email);
  const codeField = main.getByRole('textbox', { name: 'Authentication code' });
  await expect(codeField).toBeFocused();
  expect(await seriousHere(page)).toEqual([]);
  const right = await totpCode(page.request, secret);
  await codeField.fill(wrongCode(right));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText(WRONG_CODE_MESSAGE)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The right code (of a later step: the server's clock moves 30 s on) signs in.
  await codeField.fill(await totpCode(page.request, secret));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logout(page);

  // A recovery code works once, instead of the app.
  await enterPassword(page, investor.email);
  await main.getByRole('switch', { name: 'Use a recovery code instead' }).click();
  await main.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSecurityTab(page);
  await expect(main.getByText('Recovery codes left: 9 of 10')).toBeVisible();
});

test.describe('passkeys', () => {
  // Passkeys are bound to PUBLIC_URL (http://localhost:4173); an IP address is no valid RP ID.
  test.use({ baseURL: `http://localhost:${process.env.E2E_PORT || 4173}` });

  test('an investor adds a passkey in Settings, then signs in with it', async ({ page }) => {
    test.setTimeout(60_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const investor = await registerInvestor(page, 'Paula Passkey');
    await signInAs(page, investor.token);
    await openSecurityTab(page);
    const main = page.getByRole('main');

    await main.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Passkey name').fill('Virtual key');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passkey added').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const passkeys = main.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys).toContainText('Virtual key');
    await expect(passkeys).toContainText('Last used never');
    // The first second factor brings the ten recovery codes, shown once.
    await expect(main.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await main.getByRole('button', { name: 'I have saved them' }).click();
    await expect(main.getByRole('list', { name: 'Your recovery codes' })).toBeHidden();
    await logout(page);

    await enterPassword(page, investor.email);
    await main.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openSecurityTab(page);
    await expect(main.getByRole('list', { name: 'Passkeys' })).not.toContainText('Last used never');

    // More than five minutes on, adding an authenticator app asks to prove the passkey again (step-up).
    await serverNow(page.request, 6 * 60);
    await main.getByRole('button', { name: 'Set up authenticator app' }).click();
    const confirmIt = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirmIt).toBeVisible();
    expect(await seriousHere(page)).toEqual([]);
    await confirmIt.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(confirmIt).toBeHidden();
    const secret = (await main.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
    await main.getByRole('textbox', { name: 'Code from the app' }).fill(await totpCode(page.request, secret, false));
    await main.getByRole('button', { name: 'Turn on' }).click();
    await expect(main.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  });
});

test('an admin an operator created is kept on the security page until a factor is set up with the mailed enrolment code, then reaches the users', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The operator command, as run on the server: a new admin with a generated password.
  const email = `ops-${Date.now()}-${Math.random().toString(16).slice(2, 6)}@e2e.test`;
  const created = await operator('create', '--email', email);
  expect(created.status, created.stderr).toBe(0);
  const password = /password: +(\S+)/.exec(created.stdout)![1];

  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login' }).click();

  // Confined: the explanation, only Security in the sidebar, other pages lead back here, the API says 403.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(main.getByText('Set up two-factor sign-in to continue')).toBeVisible();
  await expect(main.getByText('Administrators must use two-factor sign-in')).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const refused = await page.request.get('/api/user/users', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(main.getByRole('heading', { name: 'API keys' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open menu' });
  const phone = await menu.isVisible();
  if (phone) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  if (phone) await nav.getByRole('link', { name: 'Security' }).click(); // closes the drawer

  // The password alone can't enrol: the code from the app is not enough without the enrolment code.
  await main.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await main.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
  await main.getByRole('textbox', { name: 'Code from the app' }).fill(await totpCode(page.request, secret, false));
  const turnOn = main.getByRole('button', { name: 'Turn on' });
  await expect(turnOn).toBeDisabled();
  expect(await seriousHere(page)).toEqual([]);
  const since = Date.now() - 1000;
  await main.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByText('We sent an enrolment code to your e-mail').first()).toBeVisible();
  const enrolmentCode = await waitForMail(email, ENROLMENT_CODE_IN_MAIL, since);
  await main.getByRole('textbox', { name: 'Enrolment code' }).fill(enrolmentCode);
  await turnOn.click();
  await expect(main.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const proven = (await page.evaluate(() => localStorage.getItem('token')))!;
  expect(proven).not.toBe(token);
  await expect(main.getByText('Two-factor sign-in is on')).toBeVisible();
  await main.getByRole('button', { name: 'I have saved them' }).click();

  // The only factor of an admin can't be turned off; the page says why.
  await expect(main.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  await expect(main.getByText('Administrators must keep a second factor')).toBeVisible();

  // The back office works without a reload.
  await main.getByRole('link', { name: 'Go to Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(main.getByRole('table', { name: 'Users' })).toBeVisible();
  const allowed = await page.request.get('/api/user/users', { headers: { authorization: `Bearer ${proven}` } });
  expect(allowed.status()).toBe(200);

  // The operator resets the admin (phone lost): every session ends at once.
  const reset = await operator('reset-second-factor', '--email', email);
  expect(reset.status, reset.stderr).toBe(0);
  const ended = await page.request.get('/api/user/users', { headers: { authorization: `Bearer ${proven}` } });
  expect(ended.status()).toBe(401);
});

test('an API key made in Settings reads the account until it is revoked', async ({ page }) => {
  const investor = await registerInvestor(page, 'Ingrid Integrator');
  await signInAs(page, investor.token);
  await openSecurityTab(page);
  const main = page.getByRole('main');

  await main.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  // Investors are offered reading their own account (ticked) and managing their webhooks, no admin scope.
  await expect(create.getByRole('checkbox')).toHaveCount(2);
  await expect(create.getByRole('checkbox', { name: 'Read my account and transactions' })).toBeChecked();
  await expect(create.getByRole('checkbox', { name: /Manage my webhook endpoints/ })).not.toBeChecked();
  await create.getByLabel('Name').fill('Spreadsheet');
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'API key “Spreadsheet” created' });
  await expect(shown).toContainText('You will not see it again');
  const secret = await shown.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^cvk_/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  const card = main.getByRole('listitem', { name: 'API key Spreadsheet' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText(`${secret.slice(0, 10)}…`);
  await expect(main.getByText(secret)).toHaveCount(0);

  const withKey = () => page.request.get('/api/account', { headers: { 'x-api-key': secret } });
  expect((await withKey()).status()).toBe(200);

  await card.getByRole('button', { name: 'Revoke API key Spreadsheet' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API key “Spreadsheet”?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(card).toContainText('Revoked');
  expect((await withKey()).status()).toBe(401);
});
