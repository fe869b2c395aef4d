import { expect, test } from '@playwright/test';
import { starterDeposit } from '../depositedInvestor';
import { adminToken, registerInvestor, signInAs } from '../session';
import { camera, pageFor, SIZES } from './shots';

/**
 * Screenshots of every area in Spanish and German (issue 39), for review, not assertions: the
 * public pages (by their `?lang=` links), the investor's dashboard, transactions, settings and
 * security, and the admin overview, transactions and users, at 1280×800 and 390×844, light
 * theme, into .data/screenshots/languages/ (not committed). Each page's sideways overflow is
 * printed: German words are long. Run with `npm run screenshots`, never in `npm test`.
 */

const shoot = camera('languages');
const PUBLIC = ['/', '/about', '/services', '/contact', '/terms', '/login', '/register', '/no-such-page'];
const INVESTOR = [
  '/dashboard',
  '/dashboard/invest',
  '/dashboard/transactions',
  '/dashboard/wallet',
  '/dashboard/withdraw',
  '/dashboard/settings',
  '/dashboard/settings?tab=security',
];
const ADMIN = ['/admin', '/admin/transactions', '/admin/users', '/admin/accounts', '/admin/audit'];
const fileName = (route: string) => route.replace(/^\//, '').replace(/[/?=]/g, '-') || 'home';

for (const lang of ['de', 'es'] as const) {
  for (const size of SIZES) {
    test(`every area in ${lang} at ${size.name} size`, async ({ browser }) => {
      test.setTimeout(180_000);
      const page = await pageFor(browser, size, 'light');
      const overflow: string[] = [];
      const look = async (route: string, prefix: string) => {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 0) overflow.push(`${route}: ${wide}px`);
        await shoot(page, `${lang}-${prefix}-${fileName(route)}`, size.name, 'light');
      };

      for (const route of PUBLIC) await look(`${route}?lang=${lang}`, 'public');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      const investor = await registerInvestor(page, lang === 'de' ? 'Jürgen Größmann' : 'Lucía Fernández');
      await starterDeposit(page, investor);
      await page.request.put('/api/user', { headers: investor.auth, data: { locale: lang } });
      await signInAs(page, investor.token);
      for (const route of INVESTOR) await look(route, 'investor');

      const admin = await adminToken(page);
      await page.request.put('/api/user', { headers: { authorization: `Bearer ${admin}` }, data: { locale: lang } });
      await signInAs(page, admin);
      for (const route of ADMIN) await look(route, 'admin');

      console.log(`${lang} ${size.name} overflow: ${overflow.length ? overflow.join(', ') : 'none'}`);
    });
  }
}
