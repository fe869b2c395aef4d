import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { RunningDepositsDocument } from '../../../generated/graphql';
import { RunningPlans } from './RunningPlans';

const running = (deposits: object[]) => ({
  request: { query: RunningDepositsDocument },
  result: { data: { runningDeposits: deposits } },
});

/** A $12,000 Gold deposit confirmed just now, maturing at `maturesAt`. */
const goldDeposit = (maturesAt: string) => ({
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
});

describe('RunningPlans', () => {
  it('lists each running plan with its expected profit, maturity and a countdown linking to the timeline', async () => {
    const maturesAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    renderWithProviders(<RunningPlans />, {
      mocks: [running([goldDeposit(maturesAt)])],
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

describe('RunningPlans in German (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,50 $") as plain ones. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  /** A moment as German and Spanish pages write it, in this machine's time zone (the reader's). */
  const stamp = (tag: string, iso: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  it('German: running plans with a German countdown', async () => {
    const maturesAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    renderWithProviders(<RunningPlans />, {
      locale: 'de',
      mocks: [running([goldDeposit(maturesAt)])],
    });
    expect(
      await screen.findByRole('link', { name: (name) => plain(name) === 'Gold: 12.000,00 $, Verlauf öffnen' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Laufende Tarife' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^noch (2 h 00 min 00|1 h 59 min \d\d) s$/);
    expect(screen.getByText(stamp('de-DE', maturesAt))).toBeTruthy();
  });
});
