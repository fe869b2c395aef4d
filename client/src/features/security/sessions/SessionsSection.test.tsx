import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { TOKEN_STORAGE_KEY } from '@cryptovest/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EndAllSessionsDocument, EndSessionDocument, MySessionsDocument } from '../../../generated/graphql';
import { SessionsSection } from './SessionsSection';

/** A session as the API lists it. */
const session = (id: string, device: string, current: boolean, lastUsedAt = new Date().toISOString()) => ({
  __typename: 'UserSession',
  id,
  device,
  ip: '203.0.113.7',
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
