import type { MyTransactionsQuery } from '../../../generated/graphql';

/** One transaction as `myTransactions` lists it. */
export type ListedTransaction = MyTransactionsQuery['myTransactions']['items'][number];

/**
 * How long before the intent (by this browser's clock) a payment may have been recorded by the
 * server and still count as this one, when the transactions listed at the intent are unknown: the
 * two clocks are never exactly the same.
 */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The payment the chain watcher recorded for this deposit step, since the server links a found
 * payment to no intent the client can see: the newest chain deposit in `crypto` that was not listed
 * yet when the intent was made (`known`), or, when that list could not be loaded, that was recorded
 * after the intent (`since`, this browser's clock, less the skew).
 */
export function findChainPayment(
  items: readonly ListedTransaction[],
  crypto: string,
  since: number,
  known: ReadonlySet<string> | null,
): ListedTransaction | null {
  const isNew = (t: ListedTransaction) => (known ? !known.has(t.id) : Date.parse(t.createdAt) >= since - CLOCK_SKEW_MS);
  const candidates = items.filter(
    (t) => t.trxType === 'DEPOSIT' && t.origin === 'CHAIN' && t.crypto === crypto && isNew(t),
  );
  candidates.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return candidates[0] ?? null;
}

/** Where the investor's payment is, as the deposit step shows it. */
export type PaymentProgress =
  | { state: 'waiting' }
  | {
      state: 'seen';
      confirmations: number;
      /** Confirmations needed before it is credited; null when the server did not say. */
      required: number | null;
      /** Why our team checks it before crediting (no fresh price, fits no plan, ...); null when it is credited by itself. */
      hold: string | null;
      /** Its block was replaced: it counts again once mined again. */
      leftChain: boolean;
    }
  | { state: 'credited' }
  | { state: 'declined' };

/** The step's progress line follows the payment's status and chain check, so the watcher's work shows without a reload. */
export function paymentProgress(payment: ListedTransaction | null, required: number | null): PaymentProgress {
  if (!payment) return { state: 'waiting' };
  if (payment.status === 'CONFIRMED') return { state: 'credited' };
  if (payment.status === 'DECLINED') return { state: 'declined' };
  return {
    state: 'seen',
    confirmations: payment.chainCheck?.confirmations ?? 0,
    required,
    hold: payment.chainHold ?? null,
    leftChain: payment.chainCheck?.result === 'NOT_FOUND',
  };
}

const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * A quote's end as "14:35": the investor pays within minutes, the date goes without saying. English,
 * German and Spanish all write the time this way (24 hours), so one format serves every language.
 */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : clockFormat.format(date);
}

/** The page of `myTransactions` the deposit step reads: the newest ones, where a payment just found appears. */
export const PROGRESS_PAGE = { page: 1, pageSize: 10 } as const;
