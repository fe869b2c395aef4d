import type { Translate } from '@cryptovest/common';
import type { TransactionTimelineQuery } from '../../../generated/graphql';
import { coinSymbol, confirmationsText } from '../components/chainWords';
import { ENGLISH, type Wording } from '../components/wording';

/** The transaction a timeline belongs to. */
export type TimelineTransaction = TransactionTimelineQuery['transaction'];
/** One recorded step of it. */
export type TimelineEvent = TimelineTransaction['events'][number];

/**
 * How a step looks: its colour and icon follow the tone. 'neutral' and 'pending' mark where the
 * transaction is now; 'done' a step it has moved past.
 */
export type StepTone = 'neutral' | 'success' | 'error' | 'warning' | 'pending' | 'done';

/** A step as the investor reads it: a title and a few plain sentences, in the reader's language. */
export interface TimelineStep {
  title: string;
  lines: string[];
  tone: StepTone;
  /** A page to follow the step elsewhere (a payout on a block explorer). */
  link?: { href: string; label: string };
}

/** True when a Money string is above zero. */
const positive = (value: string | null | undefined) => !!value && !value.startsWith('-') && /[1-9]/.test(value);

/** The admin's note after our words, as "Note from our team: …", when they gave one. */
const withNote = (lines: string[], t: Translate, reason: string | null | undefined) =>
  reason ? [...lines, t('Note from our team: {{note}}', { note: reason })] : lines;
/** The admin's reason after our words, as "Reason: …", when they gave one. */
const withReason = (lines: string[], t: Translate, reason: string | null | undefined) =>
  reason ? [...lines, t('Reason: {{reason}}', { reason })] : lines;

/**
 * What a timeline step says to the investor, in words rather than enum names (issue 12):
 * submitted, confirmed (and when the plan matures), declined (why), back under review, term ended,
 * settled (the profit and principal credited), settlement on hold (why); and the chain watcher's
 * steps (issue 35): payment seen (how much), n of N confirmations, payment left the chain.
 * A step with later ones after it (`passed`) reads as done, without the waiting it described
 * (issue 38: the first step kept its "current" mark after settlement). Our words are in the
 * language of `wording` (English by default); the admin's reasons and notes show as written.
 */
export function describeEvent(
  event: TimelineEvent,
  trx: Pick<TimelineTransaction, 'trxType' | 'plan' | 'crypto'>,
  { passed = false }: { passed?: boolean } = {},
  wording: Wording = ENGLISH,
): TimelineStep {
  const step = describeOne(event, trx, wording);
  if (!passed) return step;
  const waited = event.kind === 'SUBMITTED' ? { lines: [] } : {};
  return step.tone === 'neutral' || step.tone === 'pending' ? { ...step, ...waited, tone: 'done' } : step;
}

/** What one step says, as if it were the newest. */
function describeOne(
  event: TimelineEvent,
  trx: Pick<TimelineTransaction, 'trxType' | 'plan' | 'crypto'>,
  { t, money, stamp }: Wording,
): TimelineStep {
  const deposit = trx.trxType === 'DEPOSIT';
  switch (event.kind) {
    case 'SUBMITTED':
      return deposit
        ? {
            title: t('Deposit submitted'),
            lines: [t('Waiting for our team to confirm your payment.')],
            tone: 'neutral',
          }
        : { title: t('Withdrawal requested'), lines: [t('Waiting for our team to send it.')], tone: 'neutral' };
    case 'CONFIRMED': {
      const lines = deposit
        ? event.data.maturesAt
          ? [
              trx.plan ? t('Your {{plan}} plan is running.', { plan: trx.plan }) : t('Your plan is running.'),
              t('Matures at {{date}}.', { date: stamp(event.data.maturesAt) }),
            ]
          : [t('Your plan is running.')]
        : [t('The money is on its way to your address.')];
      return {
        title: deposit ? t('Deposit confirmed') : t('Withdrawal confirmed'),
        lines: withNote(lines, t, event.reason),
        tone: 'success',
      };
    }
    case 'DECLINED':
      return {
        title: deposit ? t('Deposit declined') : t('Withdrawal declined'),
        lines: event.reason
          ? [t('Reason: {{reason}}', { reason: event.reason })]
          : [t('No reason was given. Contact support if you have questions.')],
        tone: 'error',
      };
    case 'REOPENED':
      return {
        title: t('Back under review'),
        lines: withNote([t('Our team set it back to pending.')], t, event.reason),
        tone: 'neutral',
      };
    case 'MATURED':
      return {
        title: t('Plan term ended'),
        lines: [t('Your profit is being checked before it is paid out.')],
        tone: 'pending',
      };
    case 'SETTLED': {
      const profit = money(event.data.profit);
      const credited = positive(event.data.principal)
        ? t('{{profit}} profit and your {{principal}} principal were credited to your balance.', {
            profit,
            principal: money(event.data.principal),
          })
        : t('{{profit}} profit was credited to your balance.', { profit });
      return { title: t('Deposit settled'), lines: [credited], tone: 'success' };
    }
    case 'SETTLEMENT_HELD':
      return {
        title: t('Settlement on hold'),
        lines: withReason([t('Our team will pay it out as soon as this is resolved.')], t, event.reason),
        tone: 'warning',
      };
    case 'SEEN_ON_CHAIN': {
      const { coinAmount } = event.data;
      const arrived = coinAmount
        ? t('{{amount}} {{symbol}} arrived at your deposit address.', {
            amount: coinAmount,
            symbol: coinSymbol(trx.crypto),
          })
        : t('It arrived at your deposit address.');
      return {
        title: t('Payment seen on the chain'),
        lines: event.reason
          ? [arrived, t('Our team checks it before crediting: {{reason}}', { reason: event.reason })]
          : [arrived, t('It is credited by itself once the chain has confirmed it.')],
        tone: 'neutral',
      };
    }
    case 'CHAIN_CONFIRMATIONS': {
      const confirmations = event.data.confirmations ?? 0;
      const { required } = event.data;
      return {
        title: confirmationsText(confirmations, required, t),
        lines: required && confirmations >= required ? [t('The chain has confirmed your payment.')] : [],
        tone: 'neutral',
      };
    }
    case 'PAYOUT_SENT': {
      const { txid, explorerUrl } = event.data;
      return {
        title: t('Sent to your address'),
        lines: txid ? [t('Transaction {{txid}}', { txid })] : [],
        tone: 'success',
        ...(explorerUrl ? { link: { href: explorerUrl, label: t('Follow it on a block explorer') } } : {}),
      };
    }
    case 'CHAIN_REORGANISED':
      return {
        title: t('Payment left the chain'),
        lines: event.reason
          ? withReason([t('Its block was replaced after it was credited. Our team is checking it.')], t, event.reason)
          : [t('The block it was in was replaced: it counts again once it is mined again.')],
        tone: 'warning',
      };
    default:
      return { title: t('Updated'), lines: [], tone: 'neutral' };
  }
}

/** True while a confirmed deposit's term runs or waits to be paid (the timeline's next step). */
export function isAwaitingSettlement(trx: Pick<TimelineTransaction, 'trxType' | 'status' | 'maturesAt' | 'settledAt'>) {
  return trx.trxType === 'DEPOSIT' && trx.status === 'CONFIRMED' && !!trx.maturesAt && !trx.settledAt;
}

/**
 * The step still to come for a running deposit: what it will pay and when. Null once settled,
 * or for anything that is not a confirmed deposit. In the language of `wording` (English by default).
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
  { t, money }: Wording = ENGLISH,
): TimelineStep | null {
  if (!isAwaitingSettlement(trx)) return null;
  const profit = money(trx.expectedProfit);
  const pays = trx.returnsPrincipal
    ? t('{{profit}} profit and your {{principal}} principal will be credited to your balance.', {
        profit,
        principal: money(trx.amount),
      })
    : t('{{profit}} profit will be credited to your balance.', { profit });
  return { title: trx.settlementState ? t('Payout') : t('Payout at maturity'), lines: [pays], tone: 'pending' };
}
