import { expect, type Page } from '@playwright/test';
import { adminToken, registerInvestor, signInAs, type Investor } from './session';

/** The bitcoin address saved before the first deposit (usable once money is in). */
export const EARLY_BTC = 'bc1qe2eearlyaddress00000000001';

/** Submits a $150 bitcoin deposit into Starter for `investor` over REST (PENDING); its id. */
export async function starterDeposit(page: Page, investor: Investor): Promise<{ id: string }> {
  const plans = (await (await page.request.get('/api/plans')).json()).data as { id: string; name: string }[];
  const deposit = await page.request.post('/api/transaction/create', {
    headers: investor.auth,
    data: {
      trxType: 'DEPOSIT',
      planId: plans.find((p) => p.name === 'Starter')!.id,
      crypto: 'bitcoin',
      amount: '150',
      transactionId: `0xe2e${Date.now()}${Math.random().toString(16).slice(2, 10)}`,
    },
  });
  expect(deposit.status()).toBe(201);
  return { id: (await deposit.json()).data.id };
}

/**
 * An investor signed in on `page` who saved a bitcoin address, then deposited $150 into Starter,
 * which an admin confirmed (the $100 signup bonus is then available): money is in, so any address
 * saved from now on waits the cool-down (issue 33).
 */
export async function depositedInvestor(page: Page, fullName?: string): Promise<Investor> {
  const investor = await registerInvestor(page, fullName);
  await signInAs(page, investor.token);
  const saved = await page.request.put('/api/account', {
    headers: investor.auth,
    data: { wallet: { bitcoin: EARLY_BTC } },
  });
  expect(saved.status()).toBe(200);
  const deposit = await starterDeposit(page, investor);
  const confirmed = await page.request.put(`/api/transaction/${deposit.id}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { status: 'CONFIRMED' },
  });
  expect(confirmed.status()).toBe(200);
  return investor;
}
