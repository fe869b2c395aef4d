import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import { noEventData } from '../../../test/dashboardFixtures';
import { TransactionFacts } from './TransactionFacts';
import { TransactionTimeline } from './TransactionTimeline';
import type { TimelineEvent, TimelineTransaction } from './timelineWording';

const event = (id: string, kind: TimelineEvent['kind'], data: Partial<TimelineEvent['data']> = {}): TimelineEvent => ({
  id,
  kind,
  at: '2026-11-22T10:00:00.000Z',
  reason: null,
  data: { ...noEventData, ...data },
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

describe('a transaction in German (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,50 $") as plain ones. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  /** A moment as German and Spanish pages write it, in this machine's time zone (the reader's). */
  const stamp = (tag: string, iso: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  it("German: a deposit's facts and timeline", () => {
    const trx = {
      ...deposit('CONFIRMED', [
        event('e1', 'SUBMITTED'),
        { ...event('e2', 'CONFIRMED'), at: '2026-11-22T11:00:00.000Z' },
      ]),
      amount: '1500.00000',
      profitPercent: '12.5',
      expectedProfit: '187.50000',
      confirmedAt: '2026-11-22T11:00:00.000Z',
      maturesAt: '2026-11-23T11:00:00.000Z',
      settlementState: 'DUE',
    } as TimelineTransaction;
    renderWithProviders(
      <>
        <TransactionFacts transaction={trx} />
        <TransactionTimeline transaction={trx} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByText('EINZAHLUNG')).toBeTruthy();
    expect(screen.getByText('Wartet auf Auszahlung')).toBeTruthy();
    expect(screen.getByText('Starter (12,5 %)')).toBeTruthy();
    expect(screen.getByText('24 Stunden')).toBeTruthy();
    expect(screen.getByText('Gewinn und Kapital werden ausgezahlt')).toBeTruthy();
    expect(screen.getByText(stamp('de-DE', '2026-11-23T11:00:00.000Z'))).toBeTruthy();
    const listed = within(screen.getByRole('list', { name: 'Verlauf' })).getAllByRole('listitem');
    expect(listed.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Einzahlung übermittelt',
      'Einzahlung bestätigt',
      'Auszahlung',
    ]);
    expect(plain(listed[2].textContent)).toBe(
      'AuszahlungSteht noch aus187,50 $ Gewinn und dein Kapital von 1.500,00 $ werden deinem Guthaben gutgeschrieben.',
    );
  });
});
