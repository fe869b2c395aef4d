import { expect, test } from '@playwright/test';
import { depositedInvestor } from '../depositedInvestor';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's Statements page, for review, not assertions: the period picker and
 * the download buttons after a download, and a custom period pointed out as backwards; at
 * 1280×800 and 390×844, light and dark, into .data/screenshots/statements/.
 */

const shoot = camera('statements');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`statements at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const main = page.getByRole('main');
      await depositedInvestor(page, 'Stella Statement');
      await page.goto('/dashboard/statements');
      await main.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'This month' }).click();
      await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Download PDF' }).click()]);
      await expect(main.getByText(/^Saved cryptovest-statement-/)).toBeVisible();
      await shoot(page, 'statements', size.name, theme);

      await main.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Custom dates' }).click();
      await main.getByLabel('From', { exact: true }).fill('2026-03-02');
      await main.getByLabel('To', { exact: true }).fill('2026-03-01');
      await expect(main.getByRole('alert')).toBeVisible();
      await shoot(page, 'statements-custom-backwards', size.name, theme);
      await page.context().close();
    });
  }
}
