import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { starterDeposit } from './depositedInvestor';
import { registerInvestor, seriousHere, signInAs } from './session';
import { serverNow } from './serverClock';

/** One request the test's receiver got: its headers and raw body. */
interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 (e2e/serve.mjs allows http and private targets): it answers
 * 503 to its first `failures` requests, then 200, and keeps every request.
 */
async function startReceiver(failures: number): Promise<{ url: string; received: Received[]; close: () => void }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(received.length <= failures ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cryptovest`, received, close: () => server.close() };
}

/** The e2e server's clock. */
const serverClock = async (page: Page): Promise<Date> => new Date(await serverNow(page.request));

/** Opens Settings → Security in the dashboard. */
async function openSecurityTab(page: Page): Promise<void> {
  await page.goto('/dashboard/settings');
  const tab = page.getByRole('main').getByRole('tab', { name: 'Security' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** True when the page scrolls sideways (it must not, on a phone either). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('an investor adds a webhook endpoint, sees its secret once, gets a signed event, and redelivers a failed one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver(2);
  try {
    const investor = await registerInvestor(page, 'Wendy Webhook');
    await signInAs(page, investor.token);
    await openSecurityTab(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(main.getByText('No webhook endpoints yet.')).toBeVisible();

    // Add endpoint: URL, description, every event.
    await main.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await add.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await add.getByRole('textbox', { name: 'Description (optional)' }).fill('Bookkeeping');
    await add.getByRole('checkbox', { name: 'All events' }).check();
    await expect(add.getByRole('checkbox', { name: 'deposit.created' })).toBeChecked();
    await expect(add.getByRole('radio')).toHaveCount(0); // investors receive their own events only
    expect(await seriousHere(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await add.getByRole('button', { name: 'Add endpoint' }).click();

    // The signing secret, this once.
    const shown = page.getByRole('dialog', { name: /^Endpoint “127\.0\.0\.1:\d+\/cryptovest” added$/ });
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expect(shown.getByText('You will not see it again', { exact: false })).toBeVisible();
    await expect(shown.getByText('see the Webhooks guide in the documentation', { exact: false })).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    expect(await seriousHere(page)).toEqual([]);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = main.getByRole('listitem', { name: /^Webhook endpoint 127\.0\.0\.1:\d+\/cryptovest$/ });
    await expect(card.getByRole('heading', { name: receiver.url })).toBeVisible();
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByRole('switch', { name: /^Enabled: / })).toBeChecked();

    // A deposit: the receiver gets deposit.created, signed with the secret (Standard Webhooks).
    await starterDeposit(page, investor);
    // The first attempt and the retry 5 s later both get 503; the next retry is minutes away.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    const [first, retry] = receiver.received;
    // The e2e server runs on a test clock that earlier specs moved forward, so the signed timestamp is
    // its time, not this machine's (Webhook.verify would call it "too new"): check the timestamp
    // against the server's clock, and the signature with the library's own signer.
    const serverTime = await serverClock(page);
    const timestamp = Number(first.headers['webhook-timestamp']);
    expect(Math.abs(timestamp * 1000 - serverTime.getTime())).toBeLessThan(60_000);
    const signed = new Webhook(secret).sign(first.headers['webhook-id'], new Date(timestamp * 1000), first.body);
    expect(first.headers['webhook-signature'].split(' ')).toContain(signed);
    const event = JSON.parse(first.body) as { type: string };
    expect(event.type).toBe('deposit.created');
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);

    // Deliveries: the failed attempts, then Redeliver sends it again with the same webhook-id.
    await card.getByRole('button', { name: /^Deliveries of / }).click();
    const deliveries = page.getByRole('dialog', { name: /^Deliveries to 127\.0\.0\.1:\d+\/cryptovest$/ });
    const row = deliveries.getByRole('listitem').filter({ hasText: 'deposit.created' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Retrying')).toBeVisible();
    await expect(row.getByText('HTTP 503').first()).toBeVisible();
    expect(await seriousHere(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await row.getByRole('button', { name: /^Redeliver deposit\.created of / }).click();
    await expect(page.getByText('deposit.created is being sent again')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
    expect(receiver.received[2].headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect(async () => {
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(row.getByText('HTTP 200')).toBeVisible();
    await deliveries.getByRole('button', { name: 'Close' }).click();
    await expect(deliveries).toBeHidden();

    // Off with the switch, then deleted after a confirmation.
    await card.getByRole('switch', { name: /^Enabled: / }).click();
    await expect(page.getByText('Endpoint turned off: nothing is sent to it')).toBeVisible();
    await expect(card.getByText('Disabled')).toBeVisible();
    await card.getByRole('button', { name: /^Delete / }).click();
    const sure = page.getByRole('dialog', { name: /^Delete endpoint / });
    await sure.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(main.getByText('No webhook endpoints yet.')).toBeVisible();
  } finally {
    receiver.close();
  }
});
