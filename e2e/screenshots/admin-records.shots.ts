import { expect, test } from '@playwright/test';
import { adminToken, registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's admin record view, for review, not assertions: the transactions list
 * (columns that fit at 1280 px, cards on a phone, two deposits ticked for a bulk review) and a
 * deposit's side drawer; at 1280×800 and 390×844, light and dark, into
 * .data/screenshots/admin-records/ (not committed). Run with `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('admin-records');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`admin record view at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const unique = Math.random().toString(36).slice(2, 8);
      const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
      const ids: string[] = [];
      for (const [first, amount] of [
        ['Alma', '150'],
        ['Bruno', '1250.50'],
      ]) {
        const investor = await registerInvestor(page, `${first} Shot${unique}`);
        const res = await page.request.post('/api/transaction/create', {
          headers: investor.auth,
          data: {
            trxType: 'DEPOSIT',
            planId: plans.find((p) => p.name === 'Starter')!.id,
            crypto: 'bitcoin',
            amount,
            transactionId: `0x9f2c4b7e1d3a5c6b8e0f${unique}${first.toLowerCase()}`,
          },
        });
        expect(res.status()).toBe(201);
        ids.push((await res.json()).data.id);
      }
      await signInAs(page, await adminToken(page));
      const main = page.getByRole('main');

      await page.goto('/admin/transactions');
      await expect(page.locator(`[data-record-row="${ids[0]}"]`)).toBeVisible();
      await shoot(page, 'list', size.name, theme);
      await page.goto(`/admin/transactions?status=PENDING&type=DEPOSIT&q=Shot${unique}`);
      for (const id of ids) await page.locator(`[data-record-row="${id}"] input[type="checkbox"]`).check();
      await expect(main.getByText('2 selected')).toBeVisible();
      await shoot(page, 'list-selected', size.name, theme);

      await main.getByRole('button', { name: 'Columns' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await shoot(page, 'columns-menu', size.name, theme, false);
      await page.keyboard.press('Escape');

      await page.goto(`/admin/transactions?status=PENDING&record=${ids[1]}`);
      const drawer = page.getByRole('dialog', { name: 'Deposit of $1,250.50' });
      await expect(drawer.getByRole('region', { name: 'Timeline' })).toBeVisible();
      await shoot(page, 'drawer', size.name, theme, false);
      await page.context().close();
    });
  }
}
