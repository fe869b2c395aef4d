import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import { TransactionTimeline } from './TransactionTimeline';
import type { TimelineEvent, TimelineTransaction } from './timelineWording';

const noData: TimelineEvent['data'] = {
  maturesAt: null,
  profit: null,
  principal: null,
  txid: null,
  coinAmount: null,
  confirmations: null,
  required: null,
  explorerUrl: null,
};
const event = (id: string, kind: TimelineEvent['kind'], data: Partial<TimelineEvent['data']> = {}): TimelineEvent => ({
  id,
  kind,
  at: '2026-11-22T10:00:00.000Z',
  reason: null,
  data: { ...noData, ...data },
});

/** A $150 Starter deposit with `events`, in `status`. */
function deposit(status: TimelineTransaction['status'], events: TimelineEvent[], settledAt: string | null = null) {
  return {
    id: 't1',
    trxType: 'DEPOSIT',
    status,
    amount: '150.00000',
    crypto: 'bitcoin',
    plan: 'Starter',
    profitPercent: '10',
    expectedProfit: '15.00000',
    durationHours: 24,
    returnsPrincipal: true,
    createdAt: '2026-11-22T10:00:00.000Z',
    confirmedAt: null,
    maturesAt: null,
    settledAt,
    settlementState: settledAt ? 'SETTLED' : null,
    settlementNote: null,
    transactionId: '0xabc',
    wallet: null,
    events,
  } as TimelineTransaction;
}

const steps = () => within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');

describe('TransactionTimeline', () => {
  it("marks a waiting deposit's only step as the current one", () => {
    renderWithProviders(<TransactionTimeline transaction={deposit('PENDING', [event('e1', 'SUBMITTED')])} />);
    expect(steps()[0].getAttribute('aria-current')).toBe('step');
    expect(steps()[0].textContent).toContain('Waiting for our team to confirm your payment.');
  });

  it('after settlement the first step reads as done, and no step is current (issue 38)', () => {
    const settled = deposit(
      'CONFIRMED',
      [
        event('e1', 'SUBMITTED'),
        event('e2', 'CONFIRMED'),
        event('e3', 'SETTLED', { profit: '15.00000', principal: '150.00000' }),
      ],
      '2026-11-23T10:00:00.000Z',
    );
    renderWithProviders(<TransactionTimeline transaction={settled} />);
    const [submitted] = steps();
    expect(submitted.getAttribute('data-tone')).toBe('done');
    expect(submitted.textContent).not.toContain('Waiting for our team');
    expect(steps().filter((step) => step.hasAttribute('aria-current'))).toEqual([]);
  });
});
