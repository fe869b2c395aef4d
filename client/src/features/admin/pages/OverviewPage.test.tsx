import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { AdminOverviewDocument } from '../../../generated/graphql';
import { AdminOverviewPage } from './OverviewPage';

// The charting library clones its state with structuredClone, which jest's jsdom leaves out.
if (typeof globalThis.structuredClone === 'undefined') {
  const v8 = jest.requireActual<typeof import('node:v8')>('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

const flow = (day: string, extra: object = {}) => ({
  __typename: 'DailyFlow',
  day,
  deposits: 0,
  depositSum: '0.00',
  withdrawals: 0,
  withdrawalSum: '0.00',
  ...extra,
});
const owed = (day: string, extra: object = {}) => ({
  __typename: 'ObligationDay',
  day,
  count: 0,
  principal: '0.00000',
  profit: '0.00000',
  total: '0.00000',
  ...extra,
});

/** The day `n` days before 27 Nov 2026, as YYYY-MM-DD. */
const dayBefore = (n: number) => new Date(Date.UTC(2026, 10, 27 - n)).toISOString().slice(0, 10);

/** The overview as the API answers it for `days` days, with `extra`'s fields instead of these. */
const overview = (days: number, extra: object = {}) => ({
  __typename: 'AdminOverview',
  asOf: '2026-11-27T09:30:00.000Z',
  from: '2026-11-21',
  to: '2026-11-27',
  assetsUnderManagement: '123456.7',
  balancesOwed: '6200.75000',
  pendingDeposits: { __typename: 'CountAndSum', count: 3, sum: '1200.5' },
  pendingWithdrawals: { __typename: 'CountAndSum', count: 1, sum: '79.90' },
  dueForSettlement: { __typename: 'DueForSettlement', count: 2, sum: '380.00', payout: '248.00000' },
  newInvestors: { __typename: 'NewInvestors', thisWeek: 5, lastWeek: 2 },
  flows: Array.from({ length: days }, (_, i) =>
    flow(dayBefore(days - 1 - i), i === 0 ? { deposits: 2, depositSum: '250.00' } : {}),
  ),
  flowTotals: { __typename: 'FlowTotals', deposits: 2, depositSum: '250.00', withdrawals: 0, withdrawalSum: '0.00' },
  obligations: [owed('2026-11-28', { count: 1, principal: '1500.00000', profit: '150.00000', total: '1650.00000' })],
  obligationsTotal: '1650.00000',
  ...extra,
});

const answer = (days: number, extra: object = {}) => ({
  request: { query: AdminOverviewDocument, variables: { days } },
  result: { data: { adminOverview: overview(days, extra) } },
});

/** Text as the page shows it, spaces of any kind as one (Intl writes "1.200,50 $" with a no-break space). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

describe('AdminOverviewPage', () => {
  it('shows every card with cents and links the pending ones to their filtered list', async () => {
    renderWithProviders(<AdminOverviewPage />, { mocks: [answer(30)], route: '/admin' });
    const card = async (name: string) => within(await screen.findByRole('region', { name }));
    expect((await card('Assets under management')).getByText('$123,456.70')).toBeTruthy();
    expect((await card('Balances owed')).getByText('$6,200.75')).toBeTruthy();
    // Written as every other English date on the pages, in UTC.
    expect(screen.getByText('Figures as of 27 Nov 2026, 09:30 UTC.')).toBeTruthy();
    const deposits = await card('Pending deposits');
    expect(deposits.getByText('$1,200.50')).toBeTruthy();
    expect(deposits.getByText('3 deposits waiting for review')).toBeTruthy();
    expect(deposits.getByRole('link', { name: 'Review pending deposits' }).getAttribute('href')).toBe(
      '/admin/transactions?status=PENDING&type=DEPOSIT',
    );
    expect(
      (await card('Pending withdrawals'))
        .getByRole('link', { name: 'Review pending withdrawals' })
        .getAttribute('href'),
    ).toBe('/admin/transactions?status=PENDING&type=WITHDRAWAL');
    const due = await card('Due for settlement');
    expect(due.getByText('2 matured deposits; settling pays $248.00')).toBeTruthy();
    expect(due.getByRole('link', { name: 'Open the settlement queue' }).getAttribute('href')).toBe(
      '/admin/settlements',
    );
    expect((await card('New investors this week')).getByText('+3 on last week (2)')).toBeTruthy();
    expect(screen.getByText('$1,650.00 falls due over the next 30 days', { exact: false })).toBeTruthy();
    // The charts' numbers for screen readers.
    const table = screen.getByRole('table', { name: /Principal and profit of running deposits/ });
    expect(within(table).getByRole('row', { name: 'Sat, 28 Nov 2026 1 $1,500.00 $150.00 $1,650.00' })).toBeTruthy();
  });

  it('asks again for the range chosen', async () => {
    renderWithProviders(<AdminOverviewPage />, { mocks: [answer(30), answer(7)], route: '/admin' });
    expect(await screen.findByText(/Confirmed over the last 30 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText(/Confirmed over the last 7 days: 2 deposits \(\$250\.00\)/)).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: /Deposits and withdrawals confirmed/ })).getAllByRole('row'),
    ).toHaveLength(8);
  });

  it('says when the overview cannot be loaded, with Retry', async () => {
    renderWithProviders(<AdminOverviewPage />, {
      mocks: [{ request: { query: AdminOverviewDocument, variables: { days: 30 } }, error: new Error('down') }],
      route: '/admin',
    });
    expect(await screen.findByText('Could not load the overview.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('AdminOverviewPage in German', () => {
  it('says every card, chart and count in German, with German money, numbers and days', async () => {
    renderWithProviders(<AdminOverviewPage />, {
      mocks: [
        answer(30, {
          dueForSettlement: { __typename: 'DueForSettlement', count: 1, sum: '380.00', payout: '248.00000' },
          newInvestors: { __typename: 'NewInvestors', thisWeek: 1200, lastWeek: 2 },
          flowTotals: {
            __typename: 'FlowTotals',
            deposits: 1,
            depositSum: '250.00',
            withdrawals: 2,
            withdrawalSum: '10.00',
          },
        }),
      ],
      route: '/admin',
      locale: 'de',
    });
    const card = async (name: string) => within(await screen.findByRole('region', { name }));
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeTruthy();
    expect((await card('Verwaltetes Vermögen')).getByText(spaced('123.456,70 $'))).toBeTruthy();
    const deposits = await card('Ausstehende Einzahlungen');
    expect(deposits.getByText('3 Einzahlungen warten auf Prüfung')).toBeTruthy();
    expect(deposits.getByRole('link', { name: 'Ausstehende Einzahlungen prüfen' }).getAttribute('href')).toBe(
      '/admin/transactions?status=PENDING&type=DEPOSIT',
    );
    expect((await card('Ausstehende Auszahlungen')).getByText('1 Auszahlung wartet auf Prüfung')).toBeTruthy();
    expect(
      (await card('Zur Abrechnung fällig')).getByText('1 fällige Einzahlung; die Abrechnung zahlt 248,00 $ aus'),
    ).toBeTruthy();
    const investors = await card('Neue Investoren diese Woche');
    expect(investors.getByText('1.200')).toBeTruthy();
    expect(investors.getByText('+1.198 gegenüber letzter Woche (2)')).toBeTruthy();
    expect(screen.getByText('Zahlen vom 27.11.2026, 09:30 UTC.')).toBeTruthy();
    expect(
      screen.getByText('Bestätigt in den letzten 30 Tagen: 1 Einzahlung (250,00 $) und 2 Auszahlungen (10,00 $).'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '7 Tage' })).toBeTruthy();
    expect(
      screen.getByText(/^1\.650,00 \$ werden in den nächsten 30 Tagen fällig: 1 laufende Einzahlung/),
    ).toBeTruthy();
    // The charts' numbers for screen readers: German headers, days and money.
    const table = screen.getByRole('table', { name: /Kapital und Gewinn laufender Einzahlungen/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tag', 'Einzahlungen', 'Kapital', 'Gewinn', 'Gesamt']);
    const row = within(table).getAllByRole('row')[1];
    expect(spaced(row.textContent ?? '')).toContain('Sa., 28. Nov. 2026');
    expect(spaced(row.textContent ?? '')).toContain('1.500,00 $');
    expect(
      screen.getByRole('table', { name: /Bestätigte Ein- und Auszahlungen pro Tag, 21\.11\.2026 bis 27\.11\.2026/ }),
    ).toBeTruthy();
  });
});
