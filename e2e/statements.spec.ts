import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { depositedInvestor } from './depositedInvestor';
import { pageFor, SIZES, THEMES } from './screenshots/shots';
import { openSection, seriousHere } from './session';

// Issue 38 "Statements": an investor downloads their statement for a period as CSV and PDF from
// /dashboard/statements, and the files hold their money. Each project runs it at its own size
// (1280×800 or 390×844), in both themes, with axe on the page.

const size = () => SIZES.find((s) => s.name === test.info().project.name) ?? SIZES[0];

/** This calendar month in UTC, as the "This month" choice and the file name have it. */
function thisMonth() {
  const now = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
}

/** Clicks `button` and returns the file the browser saved. */
async function downloaded(page: Page, button: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('main').getByRole('button', { name: button }).click(),
  ]);
  return download;
}

for (const theme of THEMES) {
  test(`an investor downloads a statement as CSV and PDF (${theme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await pageFor(browser, size(), theme);
    const main = page.getByRole('main');
    const investor = await depositedInvestor(page, 'Stella Statement');
    await page.goto('/dashboard');
    // The sidebar (or the phone's menu button) is there once the overview has its heading.
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await openSection(page, 'Statements');
    await expect(main.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

    // This month: the deposit confirmed today is in it.
    await main.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'This month' }).click();
    const { from, to } = thisMonth();
    await expect(main.getByTestId('statement-summary')).toContainText('whole days in UTC, both included');

    const csv = await downloaded(page, 'Download CSV');
    expect(csv.suggestedFilename()).toBe(`cryptovest-statement-${from}-to-${to}.csv`);
    const csvText = readFileSync(await csv.path(), 'utf8');
    expect(csvText).toContain(`Investor,Stella Statement,${investor.email}`);
    expect(csvText).toContain(`Period,"${from} to ${to} (whole days in UTC, both included)",${from},${to}`);
    expect(csvText).toMatch(/,Investment,150\.00,150\.00,Deposit confirmed,/);
    expect(csvText).toContain('Signup bonus');
    await expect(main.getByText(`Saved cryptovest-statement-${from}-to-${to}.csv`)).toBeVisible();

    const pdf = await downloaded(page, 'Download PDF');
    expect(pdf.suggestedFilename()).toBe(`cryptovest-statement-${from}-to-${to}.pdf`);
    const file = await pdf.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(`Stella Statement <${investor.email}>`);
    expect(pdfText).toMatch(/Investment\s+\$0\.00\s+\+\$150\.00\s+\$150\.00/);
    expect(pdfText).toContain('Deposit confirmed');
    expect(pdfText).toContain('Page 1 of 1');

    // A backwards custom period is pointed out and not sent.
    await main.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Custom dates' }).click();
    await main.getByLabel('From', { exact: true }).fill('2026-03-02');
    await main.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expect(main.getByRole('alert')).toHaveText('The last day must not be before the first');
    await expect(main.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]);
    expect(await seriousHere(page)).toEqual([]);
    await page.context().close();
  });
}
