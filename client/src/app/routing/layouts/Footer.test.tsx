import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@cryptovest/common';
import { screen, within } from '@testing-library/react';
import { SiteProvider } from '../../site/site';
import { Footer } from './Footer';

/** An operator with two of the four networks configured. */
const site: SiteConfig = {
  ...DEFAULT_SITE_CONFIG,
  brandName: 'Acme',
  companyName: 'Acme Markets Pty Ltd',
  companyId: 'ACN 123 456 789',
  supportEmail: 'help@acme.test',
  social: { facebook: null, telegram: 'https://t.me/acme', whatsapp: null, instagram: 'https://instagram.com/acme' },
};

function renderFooter(value: SiteConfig, locale: 'en' | 'es' | 'de' = 'en') {
  return renderWithProviders(
    <SiteProvider value={value}>
      <Footer />
    </SiteProvider>,
    { locale },
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('Footer', () => {
  it('links only the configured social networks, in a new tab', () => {
    renderFooter(site);
    const telegram = screen.getByRole('link', { name: 'Acme on Telegram' });
    expect(telegram.getAttribute('href')).toBe('https://t.me/acme');
    expect(telegram.getAttribute('target')).toBe('_blank');
    expect(telegram.getAttribute('rel')).toBe('noopener noreferrer');
    expect(hrefOf('Acme on Instagram')).toBe('https://instagram.com/acme');
    expect(screen.queryByLabelText(/on Facebook/)).toBeNull(); // by label: an <a> without href is no link
    expect(screen.queryByLabelText(/on WhatsApp/)).toBeNull();
  });

  it('shows no social links when none is configured', () => {
    renderFooter(DEFAULT_SITE_CONFIG);
    expect(screen.queryByLabelText(/CryptoVest on /)).toBeNull();
  });

  it('shows the licence line, support e-mail, risk warning and copyright from the config', () => {
    renderFooter(site);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Acme Markets Pty Ltd · Company ID ACN 123 456 789')).toBeTruthy();
    expect(within(footer).getAllByRole('link', { name: 'help@acme.test' })[0].getAttribute('href')).toBe(
      'mailto:help@acme.test',
    );
    expect(footer.textContent).toContain('You can lose more than your initial investment');
    expect(footer.textContent).toContain('Product Disclosure Statement (PDS) and Financial Services Guide (FSG)');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Acme. All rights reserved.`);
  });

  it('has the link columns of the spec, Company links going where their labels say', () => {
    renderFooter(site);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const headings = within(nav)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Company', 'Account', 'Information']);
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => `${a.textContent} ${a.getAttribute('href')}`);
    expect(links).toEqual([
      'Home /',
      'Contact Us /contact',
      'Services /services',
      'Sign Up /register',
      'Login /login',
      'About Us /about',
      'Terms of use /terms',
    ]);
  });

  it('speaks the reader’s language, the support address in the translated risk warning', () => {
    renderFooter(site, 'de');
    const nav = screen.getByRole('navigation', { name: 'Fußzeile' });
    expect(within(nav).getByRole('link', { name: 'Nutzungsbedingungen' }).getAttribute('href')).toBe('/terms');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Risikohinweis:');
    expect(footer.textContent).toContain('Acme Markets Pty Ltd · Firmennummer ACN 123 456 789');
    expect(footer.textContent).toContain('Alle Rechte vorbehalten.');
    expect(screen.getByRole('link', { name: 'help@acme.test' }).getAttribute('href')).toBe('mailto:help@acme.test');
    expect(footer.textContent).toContain('die du unter help@acme.test anfordern kannst');
  });
});
