import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { AccountLiveDocument, NotificationBellDocument, NotificationLiveDocument } from '../../../generated/graphql';
import { clearToken, setToken } from '../../../app/session/session';
import { BELL_PAGE_SIZE, NotificationBell } from '../notifications/NotificationBell';
import { LiveUpdates } from './LiveUpdates';

const settled = {
  __typename: 'Notification',
  id: 'n1',
  kind: 'DEPOSIT_SETTLED',
  title: 'Deposit settled',
  body: 'Your deposit of $150 in Bitcoin has completed its term: $15 profit was credited to your balance.',
  transactionId: 't1',
  createdAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
};

/** The bell's answer with `items` (the unread count is how many there are). */
const bellWith = (items: object[]) => ({
  request: { query: NotificationBellDocument, variables: { pageSize: BELL_PAGE_SIZE } },
  result: {
    data: {
      unreadNotificationCount: items.length,
      notifications: { __typename: 'NotificationPage', total: items.length, items },
    },
  },
});

describe('LiveUpdates', () => {
  it('toasts a new notification and refetches the bell, without a reload', async () => {
    setToken('investor-token');
    const { unmount } = renderWithProviders(
      <>
        <LiveUpdates />
        <NotificationBell />
      </>,
      {
        mocks: [
          bellWith([]),
          bellWith([settled]),
          { request: { query: NotificationLiveDocument }, result: { data: { notificationAdded: settled } }, delay: 50 },
          {
            request: { query: AccountLiveDocument },
            result: {
              data: { accountChanged: { __typename: 'AccountChange', reason: 'SETTLED', transactionId: 't1' } },
            },
          },
        ],
      },
    );
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
    expect(await screen.findByText('Deposit settled')).toBeTruthy(); // the toast
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    unmount();
    clearToken();
  });
});
