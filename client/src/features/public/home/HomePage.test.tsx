import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { DEFAULT_SITE_CONFIG, TOKEN_STORAGE_KEY, type SiteConfig } from '@cryptovest/common';
import { screen, within } from '@testing-library/react';
import { SiteProvider } from '../../../app/site/site';
import { tokenWith } from '../../../test/jwt';
import { HomePage } from './HomePage';

function renderHome(site: Partial<SiteConfig> = {}) {
  return renderWithProviders(
    <SiteProvider value={{ ...DEFAULT_SITE_CONFIG, ...site }}>
      <HomePage />
    </SiteProvider>,
  );
}

describe('HomePage', () => {
  afterEach(() => window.localStorage.clear());

  it('has one h1 and the sections of the spec, in order', () => {
    renderHome({ brandName: 'Acme Invest' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Acme Invest: crypto investment and trading platform',
    ]);
    expect(screen.getAllByRole('region')).toHaveLength(9); // the carousel and the eight sections
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual([
      'Grow your crypto with plans that pay every 24 hours', // the visible slide
      'Welcome to Acme Invest',
      'Start earning in three simple steps',
      'Everything you need to invest with confidence',
      'Acme Invest around the world',
      'We take care of our quality',
      'Trading services',
      'What our investors say',
      'Frequently asked questions',
    ]);
  });

  it('offers Get Started to /register to a guest, and three steps with a link to /register', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    const steps = screen.getByRole('region', { name: 'Start earning in three simple steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByRole('link').getAttribute('href')).toBe('/register');
  });

  it.each([
    ['admin', '/admin'],
    ['investor', '/dashboard'],
  ])('offers a signed-in %s a Dashboard button to %s instead', (role, path) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role }));
    renderHome();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(path);
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('has a static #services section of trading services linking to the plans', () => {
    renderHome();
    const services = screen.getByRole('region', { name: 'Trading services' });
    expect(services.id).toBe('services');
    expect(within(services).getByRole('heading', { level: 3, name: 'Binary trading' })).toBeTruthy();
    expect(within(services).getByRole('heading', { level: 3, name: 'Forex trading' })).toBeTruthy();
    expect(
      within(services)
        .getByRole('link', { name: /investment plans/ })
        .getAttribute('href'),
    ).toBe('/services');
  });

  it('shows the figures and the signup bonus of the site config', () => {
    renderHome({
      signupBonus: '250',
      figures: { ...DEFAULT_SITE_CONFIG.figures, people: '30M+', investors: '400,000+' },
    });
    const stats = screen.getByRole('region', { name: /around the world/ });
    expect(within(stats).getByText('30M+')).toBeTruthy();
    expect(within(stats).getByText('400,000+')).toBeTruthy();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(faq.textContent).toContain('$250 signup bonus');
  });

  it('promises no bonus when it is disabled', () => {
    renderHome({ signupBonus: '0' });
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(faq.textContent).not.toMatch(/bonus/i);
  });
});

describe('HomePage in another language', () => {
  function renderIn(locale: 'de' | 'es', site: Partial<SiteConfig> = {}) {
    return renderWithProviders(
      <SiteProvider value={{ ...DEFAULT_SITE_CONFIG, brandName: 'Acme Invest', ...site }}>
        <HomePage />
      </SiteProvider>,
      { locale },
    );
  }

  it('speaks German: headings, the call to action, figures and the bonus in German formats', () => {
    renderIn('de', { signupBonus: '1500', figures: { ...DEFAULT_SITE_CONFIG.figures, investors: '400,000+' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Acme Invest: Plattform für Krypto-Investments und -Handel',
    );
    expect(screen.getByRole('link', { name: 'Jetzt starten' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Tarife ansehen' }).getAttribute('href')).toBe('/services');
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toContain('Willkommen bei Acme Invest');
    expect(h2).toContain('In drei einfachen Schritten zum Gewinn');
    expect(h2).toContain('Häufige Fragen');
    const services = screen.getByRole('region', { name: 'Handelsleistungen' });
    expect(within(services).getByRole('heading', { level: 3, name: 'Binärhandel' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Acme Invest weltweit' });
    expect(within(stats).getByText('400.000+')).toBeTruthy();
    expect(within(stats).getByText('Anleger')).toBeTruthy();
    const faq = screen.getByRole('region', { name: 'Häufige Fragen' });
    expect(faq.textContent).toContain('Startbonus von 1.500\u00a0$');
    const quote = screen.getByRole('region', { name: 'Das sagen unsere Anleger' });
    expect(quote.textContent).toContain('„Das Dashboard ist einfach:');
  });

  it('speaks Spanish, with the carousel controls and the bonus in Spanish', () => {
    renderIn('es', { signupBonus: '250' });
    expect(screen.getByRole('link', { name: 'Empezar' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('region', { name: 'Destacados' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Mostrar diapositiva \d$/ })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Pausar presentación' })).toBeTruthy();
    const faq = screen.getByRole('region', { name: 'Preguntas frecuentes' });
    expect(faq.textContent).toContain('bono de registro de 250\u00a0US$');
  });
});
