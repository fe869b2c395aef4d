import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EARLY_BTC } from './depositedInvestor';
import { mailsTo, waitForMail } from './mail';
import { adminToken } from './session';

/**
 * Issue 39: a Spanish and a German investor sign up, deposit and withdraw in their language on a
 * phone. Labels come from the catalogues (the English text is the key), so the journey checks
 * that each page shows the catalogue's translation, not English.
 */
type Lang = 'es' | 'de';
const catalogueDir = path.join(__dirname, '../common/src/i18n/catalogues');
const catalogues = new Map<string, Record<string, string>>();
function catalogue(lang: string, ns: string): Record<string, string> {
  const key = `${lang}/${ns}`;
  if (!catalogues.has(key))
    catalogues.set(key, JSON.parse(readFileSync(path.join(catalogueDir, lang, `${ns}.json`), 'utf8')));
  return catalogues.get(key)!;
}

/** The text of `english` in `lang`, from namespace `ns` or `common` (failing loudly when absent). */
function tr(lang: Lang, ns: string, english: string, values: Record<string, string | number> = {}): string {
  const text = catalogue(lang, ns)[english] ?? catalogue(lang, 'common')[english];
  if (!text) throw new Error(`no ${lang} text for "${english}" in ${ns} or common`);
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Escapes text for a RegExp. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fails when the page is wider than the phone (a German word pushing a row out). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Opens a dashboard section by its name in `lang`, through the phone's menu. */
async function openSection(page: Page, lang: Lang, english: string): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'common', 'Open menu') }).click(); // phone: always there
  await page
    .getByRole('navigation', { name: tr(lang, 'common', 'Dashboard') })
    .getByRole('link', { name: tr(lang, 'dashboard', english), exact: true })
    .first()
    .click();
}

/** A screenshot of the page as it is now, for people to look at (not compared). */
async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  await page.screenshot({ path: `.data/screenshots/languages/${lang}-${name}-phone.png`, fullPage: true });
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f6cd0f0000000049454e44ae426082',
  'hex',
);

for (const lang of ['es', 'de'] as const) {
  test.describe(`in ${lang === 'es' ? 'Spanish' : 'German'}`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'de-DE', viewport: { width: 390, height: 844 } });

    test(`an investor signs up, deposits and withdraws in ${lang}, and is mailed in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      const main = page.getByRole('main');
      const email = `e2e-${lang}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@e2e.test`;

      // The first page follows the browser's language, rendered by the server in it.
      await page.goto('/register');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(main.getByRole('heading', { name: tr(lang, 'auth', 'Create Account') })).toBeVisible();
      await expectNoSidewaysScroll(page, 'register');
      await shot(page, lang, 'register');

      const since = Date.now() - 1000;
      await main.getByLabel(tr(lang, 'auth', 'Full name')).fill(lang === 'es' ? 'Lucía Fernández' : 'Jürgen Größmann');
      await main.getByLabel(tr(lang, 'auth', 'Email')).fill(email);
      await main.getByRole('combobox', { name: tr(lang, 'auth', 'Country') }).selectOption('ES');
      await main.getByLabel(tr(lang, 'auth', 'Password'), { exact: true }).fill('first-pass-1');
      await main.getByRole('checkbox').check();
      await main.getByRole('button', { name: tr(lang, 'auth', 'Create Account') }).click();

      // The verification mail is in the reader's language; the code goes into the boxes.
      const line = tr(lang, 'mail', 'Your {{brand}} verification code is: {{code}}', { brand: 'BRAND', code: 'CODE' });
      const codePattern = new RegExp(escape(line).replace('BRAND', '\\S+').replace('CODE', '(\\d{4})'));
      const code = await waitForMail(email, codePattern, since);
      for (let i = 0; i < code.length; i++)
        await page.getByLabel(tr(lang, 'auth', 'Digit {{n}}', { n: i + 1 })).fill(code[i]);
      await main.getByRole('button', { name: tr(lang, 'auth', 'Verify') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoSidewaysScroll(page, 'dashboard');
      await shot(page, lang, 'dashboard');

      // A bitcoin address saved before any money is in (usable at once, no cool-down).
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const auth = { authorization: `Bearer ${token}` };
      const saved = await page.request.put('/api/account', { headers: auth, data: { wallet: { bitcoin: EARLY_BTC } } });
      expect(saved.status()).toBe(200);

      // Deposit into Gold: the invest form in the reader's language.
      await openSection(page, lang, 'Invest');
      await main.getByRole('radio', { name: /Gold/ }).click();
      await page.getByRole('combobox', { name: tr(lang, 'dashboard', 'Coin') }).click();
      await page.getByRole('option', { name: 'Bitcoin' }).first().click();
      await main.getByLabel(tr(lang, 'dashboard', 'Amount ($)')).fill('12000');
      await expectNoSidewaysScroll(page, 'invest');
      await shot(page, lang, 'invest');
      await main.getByRole('button', { name: tr(lang, 'dashboard', 'proceed') }).click();
      const confirm = page.getByRole('dialog', { name: tr(lang, 'dashboard', 'Confirm your investment') });
      await expect(confirm).toContainText(lang === 'de' ? '12.000,00 $' : '12.000,00 US$');
      await confirm.getByRole('button', { name: tr(lang, 'dashboard', 'Continue to deposit') }).click();
      await main.getByLabel(tr(lang, 'dashboard', 'Transaction id')).fill(`0xe2e${lang}${Date.now()}`);
      await main.getByLabel(tr(lang, 'dashboard', 'Proof of payment (optional)')).setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expectNoSidewaysScroll(page, 'deposit');
      await shot(page, lang, 'deposit');
      await main.getByRole('button', { name: tr(lang, 'dashboard', 'Submit deposit') }).click();
      await expect(page.getByText(tr(lang, 'common', 'Deposit successful'))).toBeVisible();
      await shot(page, lang, 'deposit-submitted');

      // An admin confirms it (the bonus unlocks).
      const mine = await page.request.get('/api/transaction/all', { headers: auth });
      const deposit = ((await mine.json()).data as { _id: string; trxType: string }[]).find(
        (t) => t.trxType === 'DEPOSIT',
      );
      const confirmed = await page.request.put(`/api/transaction/${deposit!._id}`, {
        headers: { authorization: `Bearer ${await adminToken(page)}` },
        data: { status: 'CONFIRMED' },
      });
      expect(confirmed.status()).toBe(200);

      // Withdraw 40.50 dollars typed with the language's decimal comma.
      const mailsBefore = (await mailsTo(email)).length;
      await openSection(page, lang, 'Withdraw');
      const amount = main.getByLabel(tr(lang, 'dashboard', 'Amount ($)'));
      await amount.fill('40,50');
      await page.getByRole('combobox', { name: tr(lang, 'dashboard', 'Wallet') }).click();
      await page
        .getByRole('option', { name: new RegExp(EARLY_BTC.slice(0, 20)) })
        .first()
        .click();
      await main.getByRole('checkbox').check();
      await expectNoSidewaysScroll(page, 'withdraw');
      await shot(page, lang, 'withdraw');
      await main.getByRole('button', { name: tr(lang, 'dashboard', 'Proceed') }).click();
      await expect(page.getByText(tr(lang, 'common', 'Withdrawal request sent'))).toBeVisible();
      await shot(page, lang, 'withdraw-sent');
      const withdrawal = (
        (await (await page.request.get('/api/transaction/all', { headers: auth })).json()).data as {
          trxType: string;
          amount: string;
        }[]
      ).find((t) => t.trxType === 'WITHDRAWAL');
      expect(Number(withdrawal?.amount)).toBe(40.5);

      // The withdrawal mail is in the reader's language too.
      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
      const newest = (await mailsTo(email)).pop()!;
      expect(newest.raw).toContain(lang === 'de' ? '40,50' : '40,50');
      expect(newest.raw).not.toMatch(/Withdrawal requested/);
    });
  });
}
