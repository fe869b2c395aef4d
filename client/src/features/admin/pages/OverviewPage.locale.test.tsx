import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import { AdminOverviewDocument } from '../../../generated/graphql';
import { AdminOverviewPage } from './OverviewPage';

// The charting library clones its state with structuredClone, which jest's jsdom leaves out.
if (typeof globalThis.structuredClone === 'undefined') {
  const v8 = jest.requireActual<typeof import('node:v8')>('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

/** Text as the page shows it, spaces of any kind as one (Intl writes "1.200,50 $" with a no-break space). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

const flow = (day: string, extra: object = {}) => ({
  __typename: 'DailyFlow',
  day,
  deposits: 0,
  depositSum: '0.00',
  withdrawals: 0,
  withdrawalSum: '0.00',
  ...extra,
});

const overview = {
  __typename: 'AdminOverview',
  asOf: '2026-11-27T09:30:00.000Z',
  from: '2026-11-21',
  to: '2026-11-27',
  assetsUnderManagement: '123456.7',
  balancesOwed: '6200.75000',
  pendingDeposits: { __typename: 'CountAndSum', count: 3, sum: '1200.5' },
  pendingWithdrawals: { __typename: 'CountAndSum', count: 1, sum: '79.90' },
  dueForSettlement: { __typename: 'DueForSettlement', count: 1, sum: '380.00', payout: '248.00000' },
  newInvestors: { __typename: 'NewInvestors', thisWeek: 1200, lastWeek: 2 },
  flows: Array.from({ length: 30 }, (_, i) =>
    flow(
      new Date(Date.UTC(2026, 10, 27 - 29 + i)).toISOString().slice(0, 10),
      i === 0 ? { deposits: 1, depositSum: '250.00' } : {},
    ),
  ),
  flowTotals: { __typename: 'FlowTotals', deposits: 1, depositSum: '250.00', withdrawals: 2, withdrawalSum: '10.00' },
  obligations: [
    {
      __typename: 'ObligationDay',
      day: '2026-11-28',
      count: 1,
      principal: '1500.00000',
      profit: '150.00000',
      total: '1650.00000',
    },
  ],
  obligationsTotal: '1650.00000',
};

const answer = {
  request: { query: AdminOverviewDocument, variables: { days: 30 } },
  result: { data: { adminOverview: overview } },
};

describe('AdminOverviewPage in German', () => {
  it('says every card, chart and count in German, with German money, numbers and days', async () => {
    renderWithProviders(<AdminOverviewPage />, { mocks: [answer], route: '/admin', locale: 'de' });
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
