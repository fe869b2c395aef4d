import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { RunningDepositsDocument } from '../../../generated/graphql';
import { RunningPlans } from './RunningPlans';

const running = (deposits: object[]) => ({
  request: { query: RunningDepositsDocument },
  result: { data: { runningDeposits: deposits } },
});

describe('RunningPlans', () => {
  it('lists each running plan with its expected profit, maturity and a countdown linking to the timeline', async () => {
    const maturesAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    renderWithProviders(<RunningPlans />, {
      mocks: [
        running([
          {
            __typename: 'Transaction',
            id: 't1',
            plan: 'Gold',
            amount: '12000.00',
            crypto: 'bitcoin',
            expectedProfit: '6000.00',
            returnsPrincipal: true,
            confirmedAt: new Date().toISOString(),
            maturesAt,
            settlementState: null,
            settlementNote: null,
          },
        ]),
      ],
    });
    const link = await screen.findByRole('link', { name: 'Gold: $12,000.00, open its timeline' });
    expect(link.getAttribute('href')).toBe('/dashboard/transactions/t1');
    expect(screen.getByText('$6,000.00')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(2 h 00 m 00|1 h 59 m \d\d) s left$/);
  });

  it('says so when nothing runs, in the space it kept while loading', async () => {
    renderWithProviders(<RunningPlans />, { mocks: [running([])] });
    expect(screen.getByRole('heading', { name: 'Running plans' })).toBeTruthy();
    expect(await screen.findByText(/No running plans\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'invest now' }).getAttribute('href')).toBe('/dashboard/invest');
  });
});
