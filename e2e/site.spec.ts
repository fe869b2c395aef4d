import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './mail';
import { adminToken, registerInvestor, seriousViolations, signInAs } from './session';

/** The public pages of issue 4 (and the guest pages reached from them). */
const PUBLIC_PAGES = ['/', '/about', '/services', '/contact', '/terms', '/login', '/register', '/no-such-page'];

/** Collects uncaught errors and console errors (hydration mismatches, CSP refusals) of a page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/** Opens `path` and waits until React has adopted the server-rendered page (it is interactive). */
async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-app="ready"]')).toBeAttached();
}

/** Holds the app's entry script back until the returned function is called (a slow phone's load). */
async function holdAppBack(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens the phone menu when the nav collapses into a toggle; a no-op on desktop. */
async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

test.describe('server-rendered public pages', () => {
  test('public and sign-in pages arrive as HTML with their title, description and critical CSS', async ({
    request,
  }) => {
    for (const [path, title, text] of [
      ['/', 'Crypto investment platform · CryptoVest', 'Get Started'],
      ['/about', 'About Us · CryptoVest', 'Number speaks'],
      ['/terms', 'Terms of use · CryptoVest', 'E2E Operator Ltd'],
      // The plans, read from the database by the server while rendering.
      ['/services', 'Services · CryptoVest', '$30,000+'],
      ['/contact', 'Contact Us · CryptoVest', 'support@e2e.test'],
      ['/login', 'Login · CryptoVest', 'Forgot password?'],
      ['/register', 'Create Account · CryptoVest', 'Full name'],
    ] as const) {
      const res = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toMatch(/<style data-s="" data-emotion="css /);
      expect(html.slice(html.indexOf('<div id="root">'))).toContain(text);
      expect(res.headers()['content-encoding']).toBe('gzip');
    }
  });

  test("the boot stages' scripts open with V8's compile hint; route pages' chunks do not", async ({ request }) => {
    const html = await (await request.get('/about')).text();
    const boot = [...new Set(html.match(/\/assets\/boot[\w-]*\.js/g))];
    expect(boot.length).toBeGreaterThanOrEqual(6);
    let bootCode = '';
    for (const file of boot) {
      const code = await (await request.get(file)).text();
      expect(code.split('\n', 1)[0], file).toBe('//# allFunctionsCalledOnLoad');
      bootCode += code;
    }
    // A route page's chunk keeps V8's default, functions compiled at their first call.
    const page = bootCode.match(/AboutPage-[\w-]+\.js/)?.[0];
    expect(page).toBeDefined();
    expect((await (await request.get(`/assets/${page}`)).text()).startsWith('//#')).toBe(false);
  });

  test('unknown paths answer 404 with the rendered not-found page; browser-only routes get the shell', async ({
    request,
  }) => {
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    for (const path of ['/verify-email', '/reset-password', '/dashboard']) {
      const shell = await request.get(path);
      expect(shell.status()).toBe(200);
      expect(await shell.text()).toContain('<div id="root"></div>');
    }
  });

  test('services carries every plan in its HTML and hands them to the app, which asks the API for none', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/services')).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    for (const name of ['Starter', 'Premium', 'Gold', 'Platinum']) expect(root).toContain(`>${name}<`);
    expect(root).toContain('<script id="apollo-state" type="application/json">');

    const graphql: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/graphql' && graphql.push(r.postData() ?? ''));
    await gotoReady(page, '/services');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('article', { name: 'Platinum' })).toBeVisible();
    expect(graphql).toEqual([]);
  });

  test('the sign-in forms are server-rendered for guests; a signed-in visitor still moves on', async ({ page }) => {
    const errors = collectErrors(page);
    await signInAs(page, (await registerInvestor(page, 'Guest Page Visitor')).token);
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    expect(errors).toEqual([]);
  });

  test('inline scripts run only by their CSP hash, and the site config is inert JSON', async ({ request }) => {
    const res = await request.get('/about');
    const csp = res.headers()['content-security-policy'];
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const executable = inline.filter(([, attrs]) => !/type="application\/json"/.test(attrs));
    // The colour-scheme script and the paint-first app loader; nothing else.
    expect(executable).toHaveLength(2);
    const { createHash } = await import('node:crypto');
    for (const [, , body] of executable) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
    const json = /<script id="site-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({
      companyName: 'E2E Operator Ltd',
      social: { telegram: 'https://t.me/cryptovest-e2e' },
    });
  });

  test('robots.txt keeps crawlers out of the private areas and points at the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Disallow: \/dashboard/);
    expect(robots).toMatch(/Disallow: \/admin/);
    expect(robots).toMatch(/Sitemap: .*\/sitemap.xml/);
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/about</loc>');
  });

  test('pages hydrate without errors (no mismatch, nothing refused by the CSP)', async ({ page }) => {
    const errors = collectErrors(page);
    const paths = ['/', '/about', '/terms', '/no-such-page', '/contact', '/services', '/login', '/register'];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The 404 page's own document status is the one expected "failed" load.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    expect(errors.filter((e) => /status of 404/.test(e))).toHaveLength(1);
  });

  test('what is typed into a server-rendered form before the app loads is kept and validated', async ({ page }) => {
    // Holds the app back until the fields are filled in, as on a slow phone.
    const release = await holdAppBack(page);
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill('nope');
    await main.getByLabel('Password', { exact: true }).fill('short');
    release();
    await expect(page.locator('html[data-app="ready"]')).toBeAttached();
    await expect(main.getByLabel('Email')).toHaveValue('nope');
    await expect(main.getByText('Invalid email')).toBeVisible();
    await main.getByLabel('Email').fill('visitor@e2e.test');
    await main.getByLabel('Password', { exact: true }).fill('long enough password');
    await expect(main.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('a country chosen on the server-rendered sign-up form before the app loads is kept', async ({ page }) => {
    const release = await holdAppBack(page);
    await page.goto('/register');
    const main = page.getByRole('main');
    const country = main.getByRole('combobox', { name: 'Country' });
    await country.selectOption({ label: 'Ghana' });
    await main.getByLabel('Full name').fill('Kofi Annan');
    release();
    await expect(page.locator('html[data-app="ready"]')).toBeAttached();
    await expect(country).toHaveValue('GH');
    await expect(main.getByLabel('Full name')).toHaveValue('Kofi Annan');
    await main.getByLabel('Email').fill('kofi@e2e.test');
    await main.getByLabel('Password', { exact: true }).fill('long enough password');
    await main.getByRole('checkbox', { name: /I agree to the Terms of use/ }).check();
    await expect(main.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  test('React adopts the server-rendered elements instead of rendering them again', async ({ page }) => {
    // Tags the server's page heading (the DOM node itself) before any app code runs; had React
    // thrown the server HTML away, the heading on screen would be a new node without the tag.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector<HTMLElement & { fromServer?: boolean }>('main h1');
        if (heading) heading.fromServer = true;
      });
    });
    for (const path of ['/', '/about', '/services', '/contact', '/login', '/register']) {
      await gotoReady(page, path);
      const adopted = await page
        .locator('main h1')
        .evaluate((heading: HTMLElement & { fromServer?: boolean }) => heading.fromServer === true);
      expect({ path, adopted }).toEqual({ path, adopted: true });
    }
  });
});

test.describe('public site', () => {
  test('home shows its sections and the signup bonus from configuration', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/register');
    await expect(main.locator('#services')).toBeVisible();
    // Three FAQs, one stating the configured signup bonus.
    const faq = main.locator('section', { has: page.getByRole('heading', { name: 'Frequently asked questions' }) });
    await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(faq).toContainText('$100 signup bonus');
  });

  test('the carousel advances after 8 s, and not before', async ({ page }) => {
    // A paused clock: only runFor moves it (an installed clock otherwise keeps ticking in real
    // time, and a slow machine would let the slide turn during the checks).
    const start = new Date('2026-01-01T00:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start);
    await page.goto('/');
    await page.clock.runFor(100); // the app starts after the first painted frame
    await expect(page.locator('html[data-app="ready"]')).toBeAttached();
    const current = page.locator('[aria-roledescription="carousel"] button[aria-current="true"]');
    await expect(current).toHaveAccessibleName('Show slide 1');
    await page.clock.runFor(7_500);
    await expect(current).toHaveAccessibleName('Show slide 1');
    await page.clock.runFor(1_000);
    await expect(current).toHaveAccessibleName('Show slide 2');
    // Keyboard: the next-slide button is reachable and works.
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(current).toHaveAccessibleName('Show slide 3');
  });

  test('about counts up to 500+ and 25M+ once scrolled into view', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/About Us/i);
    for (const heading of ['We take care of our quality', 'Number speaks']) {
      await expect(page.getByRole('heading', { name: heading })).toBeAttached();
    }
    for (const card of ['Best trading platform', 'Comfortable ecosystem', 'Trusted security with 256 bit SSL']) {
      await expect(page.getByText(card).first()).toBeAttached();
    }
    const investors = page.getByTestId('counter-investors');
    await investors.scrollIntoViewIfNeeded();
    await expect(investors).toHaveText('500+');
    await expect(page.getByTestId('counter-profit')).toHaveText('25M+');
  });

  test('services lists the trading services and the plans from the API', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByText('Gold', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('$30,000+').first()).toBeVisible();
    await expect(page.getByText(/forex/i).first()).toBeVisible();
  });

  test('the footer carries the risk warning, licence line and only configured social links', async ({ page }) => {
    await gotoReady(page, '/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/lose more than (your|the) initial investment/i);
    await expect(footer).toContainText('Product Disclosure Statement');
    await expect(footer).toContainText('Financial Services Guide');
    await expect(footer).toContainText('E2E Operator Ltd');
    await expect(footer).toContainText('E2E-123456');
    await expect(footer.getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', 'https://t.me/cryptovest-e2e');
    await expect(footer.getByRole('link', { name: /Facebook|Instagram|WhatsApp/ })).toHaveCount(0);
    await footer.getByRole('link', { name: 'Terms of use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms of use/);
  });

  test('the contact form delivers a mail to support through the SMTP receiver', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@e2e.test' })).toHaveAttribute(
      'href',
      'mailto:support@e2e.test',
    );
    await expect(main).toContainText('99 Test Avenue, Testville');
    await main.getByLabel('Name').fill('Al');
    await main.getByLabel('Email').fill('nope');
    await main.getByLabel('Message').fill('hi');
    await main.getByLabel('Message').blur();
    await expect(main.getByRole('button', { name: /send/i })).toBeDisabled();
    await expect(main.getByText('name is too short')).toBeVisible();
    await expect(main.getByText('Invalid email')).toBeVisible();
    await expect(main.getByText('message is too short')).toBeVisible();

    const marker = `e2e-${Date.now()}-${test.info().project.name}`;
    const since = Date.now() - 1000;
    await main.getByLabel('Name').fill('Visitor Person');
    await main.getByLabel('Email').fill('visitor@e2e.test');
    await main.getByLabel('Message').fill(`Please tell me more about the Gold plan. ${marker}`);
    await main.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText('message sent, we will reply by e-mail')).toBeVisible();
    await expect(main.getByLabel('Message')).toHaveValue('');
    const got = await waitForMail('support@e2e.test', new RegExp(`(${marker})`), since);
    expect(got).toBe(marker);
  });

  test('the nav shows Dashboard with the right target for an admin and an investor', async ({ page }) => {
    const admin = await adminToken(page);
    await signInAs(page, admin);
    await gotoReady(page, '/');
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute(
      'href',
      '/admin',
    );

    await signInAs(page, (await registerInvestor(page, 'Site Visitor')).token);
    await gotoReady(page, '/about');
    await openMenuIfCollapsed(page);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute('href', '/dashboard');
  });

  test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoReady(page, '/about');
    await expect(page.locator('html')).toHaveClass(/light/);
    await page
      .getByRole('button', { name: /dark theme/i })
      .first()
      .click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  for (const path of PUBLIC_PAGES) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      expect(await seriousViolations(page, [path])).toEqual([]);
    });
  }
});
