import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { SettleDepositsDocument, SettlementQueueDocument } from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { SettlementsPage } from './SettlementsPage';

/** A queued deposit as the API returns it. */
const row = (id: string, name: string, extra: object = {}) => ({
  __typename: 'Transaction',
  id,
  amount: '12000.00',
  plan: 'Gold',
  crypto: 'bitcoin',
  expectedProfit: '6000.00',
  maturesAt: '2026-11-23T10:00:00.000Z',
  settledAt: null,
  settlementState: 'DUE',
  settlementNote: null,
  user: { __typename: 'User', id: `u-${id}`, fullName: name, email: `${name.split(' ')[0].toLowerCase()}@example.com` },
  ...extra,
});

const rows = [
  row('d1', 'Ada Lovelace'),
  row('d2', 'Grace Hopper', { amount: '150.00', plan: 'Starter', expectedProfit: '15.00' }),
  row('d3', 'Alan Turing', { settlementState: 'HELD', settlementNote: 'The profit bucket would go negative' }),
];

const queue = {
  request: { query: SettlementQueueDocument, variables: { page: 1, pageSize: 20 } },
  result: {
    data: { settlementQueue: { __typename: 'TransactionPage', page: 1, pageSize: 20, total: 3, items: rows } },
  },
};

/** The settle action's answer: d1 settled, d3 still held. */
const settle = {
  request: { query: SettleDepositsDocument, variables: withIdempotencyKey({ ids: ['d1', 'd3'] }) },
  result: {
    data: {
      settleDeposits: [
        {
          __typename: 'SettlementResult',
          id: 'd1',
          settled: true,
          reason: null,
          transaction: { ...rows[0], settlementState: 'SETTLED', settledAt: '2026-11-23T10:01:00.000Z' },
        },
        {
          __typename: 'SettlementResult',
          id: 'd3',
          settled: false,
          reason: 'The profit bucket would go negative',
          transaction: rows[2],
        },
      ],
    },
  },
};

const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('SettlementsPage', () => {
  it('lists the queue with S/N, user, plan, amount, maturity, state and the held reason', async () => {
    renderWithProviders(<SettlementsPage />, { mocks: [queue] });
    const table = await screen.findByRole('table', { name: 'Due for settlement' });
    const [head, first, , third] = within(table).getAllByRole('row');
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['S/N', '', 'User', 'Plan', 'Amount', 'Matured at', 'State', 'Result']);
    expect(first.textContent).toContain('1');
    expect(first.textContent).toContain('Ada Lovelace');
    expect(first.textContent).toContain('$12,000.00');
    expect(first.textContent).toContain('DUE');
    expect(third.textContent).toContain('HELD');
    expect(third.textContent).toContain('The profit bucket would go negative');
  });

  it('selects one, all and none, and counts them on the button', async () => {
    renderWithProviders(<SettlementsPage />, { mocks: [queue] });
    await screen.findByRole('table', { name: 'Due for settlement' });
    const button = () => screen.getByRole('button', { name: /^Settle selected/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);

    fireEvent.click(checkbox("Select Ada Lovelace's $12,000.00 deposit"));
    expect(button().textContent).toBe('Settle selected (1)');
    expect(checkbox('Select every deposit on this page').dataset.indeterminate).toBe('true');

    fireEvent.click(checkbox('Select every deposit on this page'));
    expect(button().textContent).toBe('Settle selected (3)');
    expect(checkbox("Select Grace Hopper's $150.00 deposit").checked).toBe(true);

    fireEvent.click(checkbox('Select every deposit on this page'));
    expect(button().disabled).toBe(true);
  });

  it('settles the selected ones in one action and shows each one’s result', async () => {
    renderWithProviders(<SettlementsPage />, { mocks: [queue, settle] });
    await screen.findByRole('table', { name: 'Due for settlement' });
    fireEvent.click(checkbox("Select Ada Lovelace's $12,000.00 deposit"));
    fireEvent.click(checkbox("Select Alan Turing's $12,000.00 deposit"));
    fireEvent.click(screen.getByRole('button', { name: 'Settle selected (2)' }));

    expect(await screen.findByText(/^Settled 1 of 2 deposits/)).toBeTruthy(); // the toast
    const [, ada, grace, alan] = within(screen.getByRole('table', { name: 'Due for settlement' })).getAllByRole('row');
    expect(within(ada).getByText('Settled')).toBeTruthy();
    expect(within(ada).getByText('SETTLED')).toBeTruthy(); // the returned row updated the cache
    expect(checkbox("Select Ada Lovelace's $12,000.00 deposit").disabled).toBe(true);
    expect(alan.textContent).toContain('Not settled: The profit bucket would go negative');
    expect(checkbox("Select Alan Turing's $12,000.00 deposit").checked).toBe(true); // still selected, to retry
    expect(grace.textContent).not.toContain('Settled');
    expect(screen.getByRole('button', { name: 'Settle selected (1)' })).toBeTruthy();
  });
});

describe('SettlementsPage in German', () => {
  it('lists, selects and settles in German, with German money and state chips', async () => {
    renderWithProviders(<SettlementsPage />, { mocks: [queue, settle], locale: 'de' });
    const table = await screen.findByRole('table', { name: 'Zur Abrechnung fällig' });
    expect(screen.getByRole('heading', { level: 1, name: 'Zur Abrechnung fällig' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1), // after the row number
    ).toEqual(['', 'Nutzer', 'Tarif', 'Betrag', 'Fällig seit', 'Stand', 'Ergebnis']);
    const [, first, , third] = within(table).getAllByRole('row');
    expect(first.textContent?.replace(/\s+/g, ' ')).toContain('12.000,00 $');
    expect(within(first).getByText('FÄLLIG')).toBeTruthy();
    expect(within(third).getByText('ZURÜCKGEHALTEN')).toBeTruthy();
    const button = () => screen.getByRole('button', { name: /^Auswahl abrechnen/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.click(checkbox(/^Einzahlung über 12\.000,00\s\$ von Ada Lovelace auswählen$/));
    fireEvent.click(checkbox(/^Einzahlung über 12\.000,00\s\$ von Alan Turing auswählen$/));
    expect(button().textContent).toBe('Auswahl abrechnen (2)');
    expect(checkbox('Alle Einzahlungen auf dieser Seite auswählen').dataset.indeterminate).toBe('true');
    fireEvent.click(button());
    expect(
      await screen.findByText('1 von 2 Einzahlungen abgerechnet; 1 nicht abgerechnet (siehe Ergebnis)'),
    ).toBeTruthy();
    const [, ada, , alan] = within(table).getAllByRole('row');
    expect(within(ada).getByText('Abgerechnet')).toBeTruthy();
    expect(within(ada).getByText('ABGERECHNET')).toBeTruthy();
    expect(alan.textContent).toContain('Nicht abgerechnet: The profit bucket would go negative');
  });
});
