import { expect, test } from '@playwright/test';
import { adminToken, registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES, THEMES } from './shots';

/**
 * Screenshots of issue 38's defect 3 (money without its cents, "$1,457.4"): an investor's
 * confirmed deposit of $1,457.40 in the investor's transactions and timeline and in the admin's
 * transactions, at 1280×800 and 390×844, light and dark, into .data/screenshots/<SHOTS_FOLDER or
 * walkthrough>/ (not committed). Only the session and camera helpers, so the same file also runs
 * against an older checkout for the "before" pictures. For review, not assertions.
 */

const shoot = camera(process.env.SHOTS_FOLDER || 'walkthrough');

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`money with its cents at ${size.name} size in ${theme} theme`, async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await pageFor(browser, size, theme);
      const investor = await registerInvestor(page, 'Cent Investor');
      const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
      const created = await page.request.post('/api/transaction/create', {
        headers: investor.auth,
        data: {
          trxType: 'DEPOSIT',
          planId: plans.find((p) => p.name === 'Starter')!.id,
          crypto: 'bitcoin',
          amount: '1457.4',
          transactionId: `0xcents${Date.now()}${Math.random().toString(16).slice(2, 8)}`,
        },
      });
      expect(created.status()).toBe(201);
      const body = (await created.json()).data as { id?: string; _id?: string };
      const id = body.id ?? body._id;
      const admin = await adminToken(page);
      const confirmed = await page.request.put(`/api/transaction/${id}`, {
        headers: { authorization: `Bearer ${admin}` },
        data: { status: 'CONFIRMED' },
      });
      expect(confirmed.status()).toBe(200);

      // Where the amount shows: the investor's list and timeline, then the admin's list (newest first).
      const views = [
        { as: investor.token, path: '/dashboard/transactions', name: 'defect3-transactions' },
        { as: investor.token, path: `/dashboard/transactions/${id}`, name: 'defect3-timeline' },
        { as: admin, path: '/admin/transactions', name: 'defect3-admin-transactions' },
      ];
      for (const view of views) {
        await signInAs(page, view.as);
        await page.goto(view.path);
        await expect(
          page
            .getByRole('main')
            .getByText(/1,457\.4/)
            .first(),
        ).toBeVisible();
        await shoot(page, view.name, size.name, theme);
      }
      await page.context().close();
    });
  }
}
