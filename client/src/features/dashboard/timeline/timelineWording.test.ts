import { noEventData } from '../../../test/dashboardFixtures';
import { describeEvent, nextStep, type TimelineEvent, type TimelineTransaction } from './timelineWording';

const deposit = { trxType: 'DEPOSIT', plan: 'Gold', crypto: 'bitcoin' } as const;
const withdrawal = { trxType: 'WITHDRAWAL', plan: null, crypto: 'bitcoin' } as const;

/** An event of `kind` with optional reason and data. */
function event(kind: TimelineEvent['kind'], extra: Partial<TimelineEvent> = {}): TimelineEvent {
  return {
    id: 'e1',
    kind,
    at: '2026-11-22T10:00:00.000Z',
    reason: null,
    data: noEventData,
    ...extra,
  };
}

const maturesAt = '2026-11-23T10:00:00.000Z';
const data = (d: Partial<TimelineEvent['data']>) => ({ ...noEventData, ...d });
const txid = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

describe('timeline wording', () => {
  it('submitted: a deposit waits for confirmation, a withdrawal is requested', () => {
    expect(describeEvent(event('SUBMITTED'), deposit)).toEqual({
      title: 'Deposit submitted',
      lines: ['Waiting for our team to confirm your payment.'],
      tone: 'neutral',
    });
    expect(describeEvent(event('SUBMITTED'), withdrawal).title).toBe('Withdrawal requested');
  });

  it('a step with later ones after it reads as done: no "current" mark, no stale waiting line (issue 38)', () => {
    expect(describeEvent(event('SUBMITTED'), deposit, { passed: true })).toEqual({
      title: 'Deposit submitted',
      lines: [],
      tone: 'done',
    });
    expect(describeEvent(event('SUBMITTED'), withdrawal, { passed: true }).lines).toEqual([]);
    expect(describeEvent(event('MATURED'), deposit, { passed: true }).tone).toBe('done');
    expect(describeEvent(event('REOPENED'), deposit, { passed: true }).tone).toBe('done');
    // Outcomes keep their colour: a confirmation stays a success, a hold stays a warning.
    expect(describeEvent(event('CONFIRMED'), deposit, { passed: true }).tone).toBe('success');
    expect(describeEvent(event('SETTLEMENT_HELD'), deposit, { passed: true }).tone).toBe('warning');
  });

  it("confirmed: the plan runs until its maturity, with the admin's note if any", () => {
    const step = describeEvent(
      event('CONFIRMED', { data: data({ maturesAt }), reason: 'Payment seen on chain' }),
      deposit,
    );
    expect(step.title).toBe('Deposit confirmed');
    expect(step.tone).toBe('success');
    expect(step.lines[0]).toBe('Your Gold plan is running.');
    expect(step.lines[1]).toMatch(/^Matures at 23 Nov 2026, \d\d:\d\d\.$/);
    expect(step.lines[2]).toBe('Note from our team: Payment seen on chain');
    expect(describeEvent(event('CONFIRMED'), withdrawal)).toEqual({
      title: 'Withdrawal confirmed',
      lines: ['The money is on its way to your address.'],
      tone: 'success',
    });
  });

  it('declined: the reason, or where to ask when there is none', () => {
    expect(describeEvent(event('DECLINED', { reason: 'Transaction id not found' }), deposit)).toEqual({
      title: 'Deposit declined',
      lines: ['Reason: Transaction id not found'],
      tone: 'error',
    });
    expect(describeEvent(event('DECLINED'), withdrawal).lines).toEqual([
      'No reason was given. Contact support if you have questions.',
    ]);
  });

  it('reopened: back under review', () => {
    expect(describeEvent(event('REOPENED', { reason: 'Checking again' }), deposit)).toEqual({
      title: 'Back under review',
      lines: ['Our team set it back to pending.', 'Note from our team: Checking again'],
      tone: 'neutral',
    });
  });

  it('matured: the term ended and the payout is being checked', () => {
    expect(describeEvent(event('MATURED', { data: data({ maturesAt }) }), deposit)).toEqual({
      title: 'Plan term ended',
      lines: ['Your profit is being checked before it is paid out.'],
      tone: 'pending',
    });
  });

  it('settled: the profit, and the principal when the plan returns it, as money', () => {
    expect(
      describeEvent(event('SETTLED', { data: data({ profit: '6000.00', principal: '12000.00' }) }), deposit),
    ).toEqual({
      title: 'Deposit settled',
      lines: ['$6,000.00 profit and your $12,000.00 principal were credited to your balance.'],
      tone: 'success',
    });
    expect(describeEvent(event('SETTLED', { data: data({ profit: '15.5', principal: '0' }) }), deposit).lines).toEqual([
      '$15.50 profit was credited to your balance.',
    ]);
  });

  it('held: why, and that it will be paid once resolved', () => {
    expect(describeEvent(event('SETTLEMENT_HELD', { reason: 'The balance would go negative' }), deposit)).toEqual({
      title: 'Settlement on hold',
      lines: ['Our team will pay it out as soon as this is resolved.', 'Reason: The balance would go negative'],
      tone: 'warning',
    });
  });

  it('seen on the chain: the coin amount, and why our team checks it when the watcher held it', () => {
    expect(
      describeEvent(event('SEEN_ON_CHAIN', { data: data({ txid, coinAmount: '0.0215', confirmations: 0 }) }), deposit),
    ).toEqual({
      title: 'Payment seen on the chain',
      lines: [
        '0.0215 BTC arrived at your deposit address.',
        'It is credited by itself once the chain has confirmed it.',
      ],
      tone: 'neutral',
    });
    const held = event('SEEN_ON_CHAIN', {
      data: data({ txid, coinAmount: '5', confirmations: 1 }),
      reason: 'Its value ($5.00) fits no plan',
    });
    expect(describeEvent(held, { ...deposit, crypto: 'usdt' }).lines).toEqual([
      '5 USDT arrived at your deposit address.',
      'Our team checks it before crediting: Its value ($5.00) fits no plan',
    ]);
  });

  it('confirmations: "n of N confirmations", and when the chain has confirmed it', () => {
    expect(
      describeEvent(event('CHAIN_CONFIRMATIONS', { data: data({ confirmations: 1, required: 3 }) }), deposit),
    ).toEqual({
      title: '1 of 3 confirmations',
      lines: [],
      tone: 'neutral',
    });
    expect(
      describeEvent(event('CHAIN_CONFIRMATIONS', { data: data({ confirmations: 3, required: 3 }) }), deposit),
    ).toEqual({
      title: '3 of 3 confirmations',
      lines: ['The chain has confirmed your payment.'],
      tone: 'neutral',
    });
    expect(
      describeEvent(event('CHAIN_CONFIRMATIONS', { data: data({ confirmations: 1, required: 1 }) }), deposit).title,
    ).toBe('1 of 1 confirmation');
  });

  it('left the chain: a warning, with the reason when a credited deposit was flagged', () => {
    expect(describeEvent(event('CHAIN_REORGANISED', { data: data({ txid }) }), deposit)).toEqual({
      title: 'Payment left the chain',
      lines: ['The block it was in was replaced: it counts again once it is mined again.'],
      tone: 'warning',
    });
    const flagged = event('CHAIN_REORGANISED', {
      data: data({ txid }),
      reason: 'Credited, then its transaction left the chain: check and correct the account',
    });
    expect(describeEvent(flagged, deposit)).toEqual({
      title: 'Payment left the chain',
      lines: [
        'Its block was replaced after it was credited. Our team is checking it.',
        'Reason: Credited, then its transaction left the chain: check and correct the account',
      ],
      tone: 'warning',
    });
  });

  it('never shows an enum name', () => {
    const kinds: TimelineEvent['kind'][] = [
      'SUBMITTED',
      'CONFIRMED',
      'DECLINED',
      'REOPENED',
      'MATURED',
      'SETTLED',
      'SETTLEMENT_HELD',
      'SEEN_ON_CHAIN',
      'CHAIN_CONFIRMATIONS',
      'CHAIN_REORGANISED',
    ];
    for (const kind of kinds) {
      const step = describeEvent(event(kind), deposit);
      expect(`${step.title} ${step.lines.join(' ')}`).not.toMatch(/[A-Z]{4,}|_/);
    }
  });
});

describe('the step still to come', () => {
  const running: Pick<
    TimelineTransaction,
    | 'trxType'
    | 'status'
    | 'maturesAt'
    | 'settledAt'
    | 'settlementState'
    | 'expectedProfit'
    | 'returnsPrincipal'
    | 'amount'
  > = {
    trxType: 'DEPOSIT',
    status: 'CONFIRMED',
    maturesAt,
    settledAt: null,
    settlementState: null,
    expectedProfit: '6000.00',
    returnsPrincipal: true,
    amount: '12000.00',
  };

  it('says what a running plan will pay', () => {
    expect(nextStep(running)).toEqual({
      title: 'Payout at maturity',
      lines: ['$6,000.00 profit and your $12,000.00 principal will be credited to your balance.'],
      tone: 'pending',
    });
    expect(nextStep({ ...running, returnsPrincipal: false })?.lines).toEqual([
      '$6,000.00 profit will be credited to your balance.',
    ]);
  });

  it('drops "at maturity" once the term ended (due or held)', () => {
    expect(nextStep({ ...running, settlementState: 'HELD' })?.title).toBe('Payout');
  });

  it('is gone once settled, and never shown for pending deposits or withdrawals', () => {
    expect(nextStep({ ...running, settledAt: '2026-11-23T10:00:05.000Z' })).toBeNull();
    expect(nextStep({ ...running, status: 'PENDING', maturesAt: null })).toBeNull();
    expect(nextStep({ ...running, trxType: 'WITHDRAWAL' })).toBeNull();
  });

  it('payout sent: the transaction id, and a link to follow it when the operator configured an explorer', () => {
    const explorerUrl = `https://mempool.space/tx/${txid}`;
    expect(describeEvent(event('PAYOUT_SENT', { data: data({ txid, explorerUrl }) }), withdrawal)).toEqual({
      title: 'Sent to your address',
      lines: [`Transaction ${txid}`],
      tone: 'success',
      link: { href: explorerUrl, label: 'Follow it on a block explorer' },
    });
    expect(describeEvent(event('PAYOUT_SENT', { data: data({ txid }) }), withdrawal).link).toBeUndefined();
  });
});
