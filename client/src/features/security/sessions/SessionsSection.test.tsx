import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatsFor } from '../../../app/i18n/useFormat';
import {
  EndAllSessionsDocument,
  EndOtherSessionsDocument,
  EndSessionDocument,
  MySessionsDocument,
} from '../../../generated/graphql';
import { lastUsedText } from './lastUsed';
import { SessionsSection } from './SessionsSection';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A session as the API lists it (`ip` null when unknown). */
const session = (
  id: string,
  device: string,
  current: boolean,
  lastUsedAt = new Date().toISOString(),
  ip: string | null = '203.0.113.7',
) => ({
  __typename: 'UserSession',
  id,
  device,
  ip,
  createdAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt,
  current,
});
const here = session('s1', 'Chrome on Linux', true);
const phone = session('s2', 'Safari on iOS', false, new Date(Date.now() - 5 * 60_000).toISOString());
const listMock = (sessions: object[]) => ({
  request: { query: MySessionsDocument },
  result: { data: { mySessions: sessions } },
});

describe('SessionsSection', () => {
  afterEach(() => window.localStorage.clear());

  it('lists the sessions with this device marked, and signs another one out', async () => {
    renderWithProviders(<SessionsSection />, {
      mocks: [
        listMock([here, phone]),
        { request: { query: EndSessionDocument, variables: { id: 's2' } }, result: { data: { endSession: true } } },
        listMock([here]),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const cards = within(list).getAllByRole('listitem', { name: /^Session: / });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('This device')).toBeTruthy();
    expect(within(cards[0]).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(cards[1]).getByText('5 min ago')).toBeTruthy();
    expect(within(cards[1]).getByText('203.0.113.7')).toBeTruthy();

    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Sign out Safari on iOS, last used 5 min ago' }));
    expect(await screen.findByText('Signed out Safari on iOS')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem', { name: /^Session: / })).toHaveLength(1));
  });

  it('signs out everywhere only after the confirmation, then leaves for the sign-in page', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'a.b.c');
    renderWithProviders(<SessionsSection />, {
      route: '/dashboard/settings?tab=security',
      mocks: [
        listMock([here, phone]),
        { request: { query: EndAllSessionsDocument }, result: { data: { endAllSessions: 2 } } },
      ],
    });
    await screen.findByRole('list', { name: 'Sessions' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('a.b.c');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('SessionsSection in German and Spanish', () => {
  it('lists the sessions in German: relative times, dates and the sign-out toast', async () => {
    const sessions = [
      session('s1', 'Chrome on Linux', true, minutesAgo(0), null),
      session('s2', 'Safari on iOS', false, minutesAgo(5), null),
      session('s3', 'Firefox on Windows', false, minutesAgo(180), null),
    ];
    renderWithProviders(<SessionsSection />, {
      locale: 'de',
      mocks: [
        listMock(sessions),
        { request: { query: EndOtherSessionsDocument }, result: { data: { endOtherSessions: 2 } } },
        listMock(sessions.slice(0, 1)),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Sitzungen' });
    const cards = within(list).getAllByRole('listitem', { name: /^Sitzung: / });
    expect(within(cards[0]).getByText('Dieses Gerät')).toBeTruthy();
    expect(within(cards[0]).getByText('gerade eben')).toBeTruthy();
    expect(within(cards[0]).getByText(formatsFor('de').dateTime('2026-11-27T08:00:00.000Z'))).toBeTruthy();
    expect(within(cards[0]).getByText('Unbekannt')).toBeTruthy(); // no IP
    expect(within(cards[1]).getByText('vor 5 Min.')).toBeTruthy();
    expect(
      within(cards[1]).getByRole('button', { name: 'Safari on iOS abmelden, zuletzt verwendet: vor 5 Min.' }),
    ).toBeTruthy();
    expect(within(cards[2]).getByText('vor 3 Std.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Andere Sitzungen abmelden' }));
    expect(await screen.findByText('2 andere Sitzungen abgemeldet')).toBeTruthy();
  });

  it('says when a session was last used in each language', () => {
    const now = Date.parse('2026-03-04T12:00:00Z');
    const when = (iso: string) => `at ${iso}`;
    const t = (key: string) => ({ 'just now': 'ahora mismo' })[key] ?? key;
    const at = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(lastUsedText(at(1), { locale: 'es', t, when }, now)).toBe('ahora mismo');
    expect(lastUsedText(at(5), { locale: 'es', t, when }, now)).toBe('hace 5 min');
    expect(lastUsedText(at(125), { locale: 'es', t, when }, now)).toBe('hace 2 h');
    expect(lastUsedText(at(90), { locale: 'en', t, when }, now)).toBe('1 h ago');
    expect(lastUsedText(at(5), { locale: 'de', t, when }, now)).toBe('vor 5 Min.');
    expect(lastUsedText(at(60 * 25), { locale: 'de', t, when }, now)).toBe(`at ${at(60 * 25)}`);
  });
});
