import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { EndOtherSessionsDocument, MySessionsDocument } from '../../../generated/graphql';
import { formatsFor } from '../../../app/i18n/useFormat';
import { lastUsedText } from './lastUsed';
import { SessionsSection } from './SessionsSection';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A session as the API lists it. */
const session = (id: string, device: string, current: boolean, lastUsedAt: string) => ({
  __typename: 'UserSession',
  id,
  device,
  ip: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt,
  current,
});
const listMock = (sessions: object[]) => ({
  request: { query: MySessionsDocument },
  result: { data: { mySessions: sessions } },
});

describe('SessionsSection in German and Spanish', () => {
  it('lists the sessions in German: relative times, dates and the sign-out toast', async () => {
    const sessions = [
      session('s1', 'Chrome on Linux', true, minutesAgo(0)),
      session('s2', 'Safari on iOS', false, minutesAgo(5)),
      session('s3', 'Firefox on Windows', false, minutesAgo(180)),
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
