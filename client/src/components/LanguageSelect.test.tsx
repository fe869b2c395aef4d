import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokenWith } from '../test/jwt';
import { LanguageSelect } from './LanguageSelect';

describe('LanguageSelect (Settings)', () => {
  const fetchSpy = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  beforeEach(() => {
    fetchSpy.mockReset().mockResolvedValue({ ok: true, status: 200 } as Response);
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    window.localStorage.setItem(TOKEN_STORAGE_KEY, tokenWith({ sub: 'u1', role: 'investor' }));
  });
  afterEach(() => window.localStorage.clear());

  it('switches the app at once and saves the choice on the account', async () => {
    renderWithProviders(<LanguageSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(screen.getByText('Web-App, E-Mails und Benachrichtigungen verwenden diese Sprache.')).toBeTruthy();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(fetchSpy.mock.calls[0][0]).toBe('/api/user');
    expect(JSON.parse(String(fetchSpy.mock.calls[0][1]?.body))).toEqual({ locale: 'de' });
  });

  it('says, in the chosen language, when the account could not save the choice', async () => {
    fetchSpy.mockResolvedValue({ ok: false, status: 503 } as Response);
    renderWithProviders(<LanguageSelect />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByText(/^Die Sprache konnte nicht in deinem Konto gespeichert werden/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toBeTruthy(); // the page keeps the choice
  });

  it('saves nothing when the same language is chosen again', async () => {
    renderWithProviders(<LanguageSelect />, { locale: 'es' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Idioma' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Español' }));
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
