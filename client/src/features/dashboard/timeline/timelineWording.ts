import { formatMoney } from '@cryptovest/common';
import { formatDate } from '../../../components/transactionCells';
import type { TransactionTimelineQuery } from '../../../generated/graphql';
import { coinSymbol, confirmationsText } from '../components/chainWords';

/** The transaction a timeline belongs to. */
export type TimelineTransaction = TransactionTimelineQuery['transaction'];
/** One recorded step of it. */
export type TimelineEvent = TimelineTransaction['events'][number];

/**
 * How a step looks: its colour and icon follow the tone. 'neutral' and 'pending' mark where the
 * transaction is now; 'done' a step it has moved past.
 */
export type StepTone = 'neutral' | 'success' | 'error' | 'warning' | 'pending' | 'done';

/** A step as the investor reads it: a title and a few plain sentences. */
export interface TimelineStep {
  title: string;
  lines: string[];
  tone: StepTone;
  /** A page to follow the step elsewhere (a payout on a block explorer). */
  link?: { href: string; label: string };
}

/** True when a Money string is above zero. */
const positive = (value: string | null | undefined) => !!value && !value.startsWith('-') && /[1-9]/.test(value);

/** "Note from our team: …" or "Reason: …" when the admin gave one. */
const withReason = (lines: string[], label: string, reason: string | null | undefined) =>
  reason ? [...lines, `${label}: ${reason}`] : lines;

/**
 * What a timeline step says to the investor, in words rather than enum names (issue 12):
 * submitted, confirmed (and when the plan matures), declined (why), back under review, term ended,
 * settled (the profit and principal credited), settlement on hold (why); and the chain watcher's
 * steps (issue 35): payment seen (how much), n of N confirmations, payment left the chain.
 * A step with later ones after it (`passed`) reads as done, without the waiting it described
 * (issue 38: the first step kept its "current" mark after settlement).
 */
export function describeEvent(
  event: TimelineEvent,
  trx: Pick<TimelineTransaction, 'trxType' | 'plan' | 'crypto'>,
  { passed = false }: { passed?: boolean } = {},
): TimelineStep {
  const step = describeOne(event, trx);
  if (!passed) return step;
  const waited = event.kind === 'SUBMITTED' ? { lines: [] } : {};
  return step.tone === 'neutral' || step.tone === 'pending' ? { ...step, ...waited, tone: 'done' } : step;
}

/** What one step says, as if it were the newest. */
function describeOne(
  event: TimelineEvent,
  trx: Pick<TimelineTransaction, 'trxType' | 'plan' | 'crypto'>,
): TimelineStep {
  const deposit = trx.trxType === 'DEPOSIT';
  const noun = deposit ? 'Deposit' : 'Withdrawal';
  switch (event.kind) {
    case 'SUBMITTED':
      return deposit
        ? { title: 'Deposit submitted', lines: ['Waiting for our team to confirm your payment.'], tone: 'neutral' }
        : { title: 'Withdrawal requested', lines: ['Waiting for our team to send it.'], tone: 'neutral' };
    case 'CONFIRMED': {
      const lines = deposit
        ? event.data.maturesAt
          ? [
              `Your ${trx.plan ? `${trx.plan} plan` : 'plan'} is running.`,
              `Matures at ${formatDate(event.data.maturesAt)}.`,
            ]
          : ['Your plan is running.']
        : ['The money is on its way to your address.'];
      return {
        title: `${noun} confirmed`,
        lines: withReason(lines, 'Note from our team', event.reason),
        tone: 'success',
      };
    }
    case 'DECLINED':
      return {
        title: `${noun} declined`,
        lines: event.reason
          ? [`Reason: ${event.reason}`]
          : ['No reason was given. Contact support if you have questions.'],
        tone: 'error',
      };
    case 'REOPENED':
      return {
        title: 'Back under review',
        lines: withReason(['Our team set it back to pending.'], 'Note from our team', event.reason),
        tone: 'neutral',
      };
    case 'MATURED':
      return {
        title: 'Plan term ended',
        lines: ['Your profit is being checked before it is paid out.'],
        tone: 'pending',
      };
    case 'SETTLED': {
      const profit = formatMoney(event.data.profit);
      const credited = positive(event.data.principal)
        ? `${profit} profit and your ${formatMoney(event.data.principal)} principal were credited to your balance.`
        : `${profit} profit was credited to your balance.`;
      return { title: 'Deposit settled', lines: [credited], tone: 'success' };
    }
    case 'SETTLEMENT_HELD':
      return {
        title: 'Settlement on hold',
        lines: withReason(['Our team will pay it out as soon as this is resolved.'], 'Reason', event.reason),
        tone: 'warning',
      };
    case 'SEEN_ON_CHAIN': {
      const { coinAmount } = event.data;
      const arrived = coinAmount
        ? `${coinAmount} ${coinSymbol(trx.crypto)} arrived at your deposit address.`
        : 'It arrived at your deposit address.';
      return {
        title: 'Payment seen on the chain',
        lines: event.reason
          ? [arrived, `Our team checks it before crediting: ${event.reason}`]
          : [arrived, 'It is credited by itself once the chain has confirmed it.'],
        tone: 'neutral',
      };
    }
    case 'CHAIN_CONFIRMATIONS': {
      const confirmations = event.data.confirmations ?? 0;
      const { required } = event.data;
      return {
        title: confirmationsText(confirmations, required),
        lines: required && confirmations >= required ? ['The chain has confirmed your payment.'] : [],
        tone: 'neutral',
      };
    }
    case 'PAYOUT_SENT': {
      const { txid, explorerUrl } = event.data;
      return {
        title: 'Sent to your address',
        lines: txid ? [`Transaction ${txid}`] : [],
        tone: 'success',
        ...(explorerUrl ? { link: { href: explorerUrl, label: 'Follow it on a block explorer' } } : {}),
      };
    }
    case 'CHAIN_REORGANISED':
      return {
        title: 'Payment left the chain',
        lines: event.reason
          ? withReason(
              ['Its block was replaced after it was credited. Our team is checking it.'],
              'Reason',
              event.reason,
            )
          : ['The block it was in was replaced: it counts again once it is mined again.'],
        tone: 'warning',
      };
    default:
      return { title: 'Updated', lines: [], tone: 'neutral' };
  }
}

/** True while a confirmed deposit's term runs or waits to be paid (the timeline's next step). */
export function isAwaitingSettlement(trx: Pick<TimelineTransaction, 'trxType' | 'status' | 'maturesAt' | 'settledAt'>) {
  return trx.trxType === 'DEPOSIT' && trx.status === 'CONFIRMED' && !!trx.maturesAt && !trx.settledAt;
}

/**
 * The step still to come for a running deposit: what it will pay and when. Null once settled,
 * or for anything that is not a confirmed deposit.
 */
export function nextStep(
  trx: Pick<
    TimelineTransaction,
    | 'trxType'
    | 'status'
    | 'maturesAt'
    | 'settledAt'
    | 'settlementState'
    | 'expectedProfit'
    | 'returnsPrincipal'
    | 'amount'
  >,
): TimelineStep | null {
  if (!isAwaitingSettlement(trx)) return null;
  const profit = formatMoney(trx.expectedProfit);
  const pays = trx.returnsPrincipal
    ? `${profit} profit and your ${formatMoney(trx.amount)} principal will be credited to your balance.`
    : `${profit} profit will be credited to your balance.`;
  return { title: trx.settlementState ? 'Payout' : 'Payout at maturity', lines: [pays], tone: 'pending' };
}
