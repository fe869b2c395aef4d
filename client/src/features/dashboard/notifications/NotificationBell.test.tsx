import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import {
  CoinsDocument,
  MarkNotificationsReadDocument,
  NotificationBellDocument,
  type DashboardProfileQuery,
} from '../../../generated/graphql';
import { Banner } from '../overview/Banner';
import { RateChart } from '../overview/RateChart';
import { StatementsIntro } from '../statements/StatementsIntro';
import { BELL_PAGE_SIZE, NotificationBell } from './NotificationBell';

/** A notification as the API returns it. */
const notification = (id: string, extra: object = {}) => ({
  __typename: 'Notification',
  id,
  kind: 'DEPOSIT_CONFIRMED',
  title: 'Deposit confirmed',
  body: 'Your deposit of $12,000 in Bitcoin was confirmed.',
  transactionId: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...extra,
});

/** The bell's query answered with `unread` unread among `items`. */
const bellWith = (unread: number, items: object[]) => ({
  request: { query: NotificationBellDocument, variables: { pageSize: BELL_PAGE_SIZE } },
  result: {
    data: {
      unreadNotificationCount: unread,
      notifications: { __typename: 'NotificationPage', total: items.length, items },
    },
  },
});

const bell = bellWith(2, [
  notification('n1', { kind: 'DEPOSIT_SETTLED', title: 'Deposit settled', transactionId: 't1' }),
  notification('n2'),
  notification('n3', { title: 'New message from the team', readAt: '2026-11-20T10:00:00.000Z' }),
]);

const marked = (variables: object, changed: number) => ({
  request: { query: MarkNotificationsReadDocument, variables },
  result: { data: { markNotificationsRead: changed } },
});

describe('NotificationBell', () => {
  it('names the unread count, lists the latest with the unread ones marked', async () => {
    renderWithProviders(<NotificationBell />, { mocks: [bell] });
    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(button).getByText('2')).toBeTruthy(); // the badge
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Latest notifications' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Deposit settled'),
      expect.stringContaining('Deposit confirmed'),
      expect.stringContaining('New message from the team'),
    ]);
    expect(within(items[0]).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(items[2]).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(items[1].textContent).toContain('5 min ago');
    await waitFor(() => expect(document.activeElement).toBe(items[0])); // arrow keys move from here
  });

  it('marks one read when chosen and opens its transaction timeline', async () => {
    renderWithProviders(<NotificationBell />, { mocks: [bell, marked({ ids: ['n1'] }, 1)], route: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Deposit settled/ }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/transactions/t1');
  });

  it('marks all as read: the badge goes and no entry stays unread', async () => {
    renderWithProviders(<NotificationBell />, { mocks: [bell, marked({ all: true }, 2)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread', hidden: true })).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: 'Unread' })).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement?.getAttribute('role')).toBe('menuitem'); // the focus stays in the menu
  });

  it('is not shown when there are no notifications to back it', async () => {
    const failed = {
      request: bell.request,
      result: { errors: [new GraphQLError('Cannot query field "notifications" on type "Query"')] },
    };
    renderWithProviders(<NotificationBell />, { mocks: [failed] });
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeTruthy(); // while loading
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull());
  });
});

describe('the bell and the overview in Spanish (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,50 $") as plain ones. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('Spanish: the bell, the banner, the rate chart and the statements intro', async () => {
    const bell = bellWith(1, [
      notification('n1', { title: 'Depósito confirmado', body: 'Tu depósito fue confirmado.' }),
    ]);
    const coins = {
      request: { query: CoinsDocument, variables: { exchange: 'TW' } },
      result: {
        data: {
          coins: {
            __typename: 'CoinMarket',
            status: 'LIVE',
            updatedAt: null,
            coins: [
              {
                __typename: 'CoinPrice',
                name: 'bitcoin',
                symbol: 'BTC',
                priceUsd: '65000.12',
                change24hPercent: '-1.25',
                sparkline: ['60000', '65000.12'],
              },
            ],
          },
        },
      },
    };
    const user = {
      announcement: null,
      isPremium: false,
      message: null,
      planType: 'Gold',
    } as DashboardProfileQuery['me'];
    renderWithProviders(
      <>
        <NotificationBell />
        <Banner user={user} />
        <RateChart exchange="TW" />
        <StatementsIntro />
      </>,
      { locale: 'es', mocks: [bell, coins] },
    );
    expect(screen.getByText('Mejora tu plan a Gold y consigue acceso ilimitado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar ahora' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Precios de las monedas en 7 días' })).toBeTruthy();
    expect(screen.getByText('-1,25 %')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: (name) => plain(name) === 'bitcoin en 7 días: de 60.000,00 US$ a 65.000,12 US$',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^Un extracto muestra/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }));
    const menu = await screen.findByRole('menu', { name: 'Últimas notificaciones' });
    expect(within(menu).getByText('hace 5 min')).toBeTruthy();
    expect(within(menu).getByRole('img', { name: 'Sin leer' })).toBeTruthy();
  });
});
