/**
 * @jest-environment node
 */
import { DEFAULT_SITE_CONFIG } from '@cryptovest/common';
import { dataNeededFor, renderPage } from './entry-server';

/** Two plans as the server's service layer returns them (entity columns the page never shows included). */
const plans = [
  {
    id: 'a1',
    name: 'Starter',
    minAmount: '150.00',
    maxAmount: '4999.00',
    profitPercent: '10.00',
    durationHours: 24,
    sortOrder: 0,
    active: true,
  },
  {
    id: 'a4',
    name: 'Platinum',
    minAmount: '30000.00',
    maxAmount: null,
    profitPercent: '65.00',
    durationHours: 24,
    sortOrder: 3,
    active: true,
  },
];

/** The markup of #root for `url`, failing the test when the page was not server-rendered. */
async function rendered(url: string, data = {}) {
  const page = await renderPage(url, DEFAULT_SITE_CONFIG, data);
  if (!page) throw new Error(`${url} was not server-rendered`);
  expect(page.errors).toEqual([]);
  return page;
}

describe('server renderer', () => {
  it('asks for the plans on /services only', () => {
    expect(dataNeededFor('/services')).toEqual(['plans']);
    for (const path of ['/', '/about', '/contact', '/login', '/register']) expect(dataNeededFor(path)).toEqual([]);
  });

  it('renders /services with the plans it is given, and hands them over as the Apollo cache', async () => {
    const page = await rendered('/services', { plans });
    expect(page.html).toContain('Our services');
    expect(page.html).toContain('Starter');
    expect(page.html).toContain('$150 – $4,999');
    expect(page.html).toContain('$30,000+');
    expect(page.html).not.toContain('Loading investment plans');
    expect(page.head.title).toMatch(/^Services · /);
    const cached = JSON.stringify(page.apolloState);
    expect(cached).toContain('"Plan:a1"');
    expect(cached).toContain('"profitPercent":"65.00"');
    expect(cached).not.toContain('sortOrder'); // only what the query reads reaches the page
  });

  it('renders the contact page and the guest forms, with no Apollo cache to hand over', async () => {
    for (const [url, texts] of [
      ['/contact', ['Contact Us', 'Send us a message', 'Subject (optional)', DEFAULT_SITE_CONFIG.supportEmail]],
      ['/login', ['Login', 'Forgot password?', 'Email', 'Password', 'show password']],
      ['/register', ['Create Account', 'Full name', 'Country', 'I agree to the', 'Terms of use']],
    ] as const) {
      const page = await rendered(url);
      for (const text of texts) expect({ url, found: page.html.includes(text) }).toEqual({ url, found: true });
      expect(page.apolloState).toBeNull();
    }
  });

  it('leaves the steps that need browser state to the browser', async () => {
    for (const url of ['/verify-email', '/reset-password', '/change-password?token=x', '/dashboard', '/admin/users'])
      expect(await renderPage(url, DEFAULT_SITE_CONFIG)).toBeNull();
  });
});
