import { expect, test } from '@playwright/test';

test('home page loads with navigation and no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page).toHaveTitle(/CryptoVest/i);
  expect(errors).toEqual([]);
});

test('bands far below the first screen are laid out only when they near the viewport, revealed on scroll, printed; anchors land', async ({
  page,
}) => {
  await page.goto('/');
  // The last band (the FAQ) is several screens down: its content is skipped until scrolled to.
  // On screen it waits hidden for its reveal; on paper, which has no scrolling, it shows.
  const lastBand = page.locator('main section').last();
  const lastHeading = lastBand.getByRole('heading').first();
  const reveal = lastBand.locator('[data-reveal]');
  const rendered = () => lastHeading.evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered()).toBe(false);
  await expect(reveal).toHaveAttribute('data-reveal', 'hidden');
  await page.emulateMedia({ media: 'print' });
  await expect(reveal).toHaveCSS('opacity', '1');
  await page.emulateMedia({ media: 'screen' });
  await expect(reveal).toHaveCSS('opacity', '0');
  await lastHeading.scrollIntoViewIfNeeded();
  await expect.poll(rendered).toBe(true);
  await expect(lastHeading).toBeInViewport();
  await expect(reveal).toHaveAttribute('data-reveal', 'shown');
  // A link to a band lower down still scrolls to it.
  await page.goto('/#services');
  await expect(page.locator('#services').getByRole('heading').first()).toBeInViewport();
});

test('the about page does not move its bands while it loads, on a slow phone CPU', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { movedSections: number };
    w.movedSections = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[])
        w.movedSections += entry.sources.filter((s) => s.node?.nodeName === 'SECTION').length;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/about', { waitUntil: 'networkidle' });
  // Past the first frames, where a band rendered late would have moved the one after it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { movedSections: number }).movedSections)).toBe(0);
});

test('services page lists the four plans from the API', async ({ page }) => {
  await page.goto('/services');
  for (const name of ['Starter', 'Premium', 'Gold', 'Platinum']) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('$150 – $4,999').first()).toBeVisible();
  await expect(page.getByText('$30,000+').first()).toBeVisible();
});

test('unknown paths show the 404 page with a 404 status; deep links into the app still load', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  const deep = await page.goto('/reset-password');
  expect(deep?.status()).toBe(200);
});

test('the dashboard without a token shows the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /log ?in|sign ?in/i }).first()).toBeVisible();
});
