import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokenWith } from '../../../test/jwt';
import { PublicNav } from './PublicNav';

/**
 * Both "Main" navs: [desktop, phone menu] (CSS decides which one shows). By selector: a
 * hidden element has no accessible name, so a role query with a name finds only the desktop one.
 */
const navs = () => Array.from(document.querySelectorAll<HTMLElement>('nav[aria-label="Main"]'));
const hrefs = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link', { hidden: true })
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);

describe('PublicNav', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the spec links with Login and Sign up to a guest, on desktop and in the phone menu', () => {
    renderWithProviders(<PublicNav />);
    const expected = [
      'Home /',
      'Services /#services',
      'Contact Us /contact',
      'About /about',
      'Login /login',
      'Sign up /register',
    ];
    expect(navs().map(hrefs)).toEqual([expected, expected]);
  });

  it.each([
    ['admin', '/admin'],
    ['investor', '/dashboard'],
  ])('shows a signed-in %s a Dashboard link to %s in both menus', (role, path) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role }));
    renderWithProviders(<PublicNav />);
    const accountLinks = navs().map((nav) => hrefs(nav).slice(4));
    expect(accountLinks).toEqual([[`Dashboard ${path}`], [`Dashboard ${path}`]]);
  });

  it('opens and closes the phone menu with an expanded state, also by Escape', () => {
    renderWithProviders(<PublicNav />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it.each([
    ['/', 'Home'],
    ['/#services', 'Services'],
    ['/services', 'Services'],
    ['/contact', 'Contact Us'],
  ])('marks the current link on %s as %s, in both menus, and only that one (issue 38)', (route, label) => {
    renderWithProviders(<PublicNav />, { route });
    for (const nav of navs()) {
      const current = within(nav)
        .getAllByRole('link', { hidden: true })
        .filter((a) => a.getAttribute('aria-current') === 'page')
        .map((a) => a.textContent);
      expect(current).toEqual([label]);
    }
  });

  describe('the language menu', () => {
    const fetchSpy = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
    beforeEach(() => {
      fetchSpy.mockReset().mockResolvedValue({ ok: true, status: 200 } as Response);
      globalThis.fetch = fetchSpy as unknown as typeof fetch;
      document.cookie = 'lang=; max-age=0; path=/';
    });

    it('switches the page to the chosen language and remembers it for the server’s next page', async () => {
      renderWithProviders(<PublicNav />);
      fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Deutsch' })); // the menu's chunk loads on first use
      await waitFor(() => expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeTruthy());
      const desktop = document.querySelector<HTMLElement>('nav[aria-label="Hauptmenü"]');
      expect(desktop && hrefs(desktop)).toEqual([
        'Startseite /',
        'Leistungen /#services',
        'Kontakt /contact',
        'Über uns /about',
        'Anmelden /login',
        'Registrieren /register',
      ]);
      expect(document.cookie).toContain('lang=de');
      expect(document.documentElement.lang).toBe('de');
      expect(fetchSpy).not.toHaveBeenCalled(); // a visitor has no account to save it on
    });

    it('saves a signed-in reader’s choice on their account', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role: 'investor' }));
      renderWithProviders(<PublicNav />);
      fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Español' }));
      await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
      const [url, init] = fetchSpy.mock.calls[0];
      expect(url).toBe('/api/user');
      expect(init?.method).toBe('PUT');
      expect(JSON.parse(String(init?.body))).toEqual({ locale: 'es' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Idioma: Español' })).toBeTruthy());
    });

    it('says so when the choice could not reach the account (offline)', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role: 'investor' }));
      fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
      renderWithProviders(<PublicNav />);
      fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Español' }));
      expect(await screen.findByText(/^No se pudo guardar el idioma en tu cuenta/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Idioma: Español' })).toBeTruthy();
    });
  });
});
