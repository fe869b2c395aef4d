import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { BalanceHistoryDocument } from '../../../generated/graphql';
import { BalanceChart } from './BalanceChart';
import { changedDays, chartSummary } from './balanceSeries';

// The charting library clones its state with structuredClone, which jest's jsdom leaves out.
if (typeof globalThis.structuredClone === 'undefined') {
  const v8 = jest.requireActual<typeof import('node:v8')>('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

const day = (d: string, balance: string, investment = '0.00000', profit = '0.00000') => ({
  __typename: 'BalanceDay',
  day: d,
  balance,
  investment,
  profit,
});

const week = [
  day('2026-03-01', '0.00000'),
  day('2026-03-02', '100.00000'),
  day('2026-03-03', '100.00000'),
  day('2026-03-04', '40.00000', '60.00000'),
  day('2026-03-05', '40.00000', '60.00000'),
  day('2026-03-06', '46.00000', '60.00000', '6.00000'),
  day('2026-03-07', '46.00000', '60.00000', '6.00000'),
];

const answer = (range: string, days: object[]) => ({
  request: { query: BalanceHistoryDocument, variables: { range } },
  result: { data: { balanceHistory: { __typename: 'BalanceHistory', range, days } } },
});

describe('the overview balance chart', () => {
  it('says in words how each line moved, and lists only the days that changed', () => {
    expect(chartSummary(week, 'the last 7 days')).toBe(
      'Over the last 7 days: Balance from $0.00 to $46.00; Investment from $0.00 to $60.00; Profit from $0.00 to $6.00.',
    );
    expect(chartSummary([week[6], week[6]], 'the last 7 days')).toBe(
      'Over the last 7 days: Balance $46.00, unchanged; Investment $60.00, unchanged; Profit $6.00, unchanged.',
    );
    expect(changedDays(week).map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-07',
    ]);
  });

  it('shows the last 30 days first, a summary and a table for screen readers, and changes range', async () => {
    renderWithProviders(<BalanceChart />, {
      mocks: [answer('MONTH', week.slice(0, 2)), answer('WEEK', week)],
    });
    const section = screen.getByRole('region', { name: 'How your money grows' });
    expect(await within(section).findByText(/^Over the last 30 days: Balance from \$0\.00 to \$100\.00/)).toBeTruthy();
    expect(within(section).getByRole('img', { name: 'How your money grows' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(section).getByRole('button', { name: '7 days' }));
    expect(await within(section).findByText(/^Over the last 7 days: /)).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Balance, investment and profit over the last 7 days' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toHaveLength(6); // heading + 5 days that changed
    expect(rows[5]).toBe('7 Mar 2026$46.00$60.00$6.00');
  });
});
