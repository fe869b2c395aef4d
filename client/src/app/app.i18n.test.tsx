import { renderWithProviders } from '../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen } from '@testing-library/react';
import { useServerErrors } from './api/graphqlErrors';
import { ErrorPage } from './routing/ErrorPage';

// The error page reads the route's error; a plain router has none to give.
jest.mock('react-router', () => ({
  ...jest.requireActual('react-router'),
  useRouteError: () => new Error('boom'),
}));

/** A button that reports `error` through the forms' error handler (a toast). */
function Reporter({ error }: { error: unknown }) {
  const report = useServerErrors();
  return (
    <button type="button" onClick={() => report(error)}>
      send
    </button>
  );
}

describe('app-wide screens and toasts in German and Spanish (issue 39)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the error page in German', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<ErrorPage />, { locale: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unerwarteter Anwendungsfehler!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
  });

  it('toasts our own connection messages in the reader’s language, and names the close button', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<Reporter error={new TypeError('Failed to fetch')} />, { locale: 'de' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'send' })));
    expect(
      await screen.findByText(
        'Du bist offline: Prüfe deine Verbindung und versuche es erneut. Deine Eingaben bleiben erhalten.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Benachrichtigung schließen' }).length).toBeGreaterThan(0);
  });

  it('toasts "Something went wrong" in Spanish', async () => {
    renderWithProviders(<Reporter error="junk" />, { locale: 'es' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'send' })));
    expect(await screen.findByText('Algo salió mal')).toBeTruthy();
  });
});
