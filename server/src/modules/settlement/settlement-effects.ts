import { type AccountBucket, isCoinBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';
import type { BucketChange } from '../ledger';
import type { SettlementState } from '../transaction';

/**
 * A deposit as settlement reads it, locked: its state, its account, and what settling it pays.
 * `profit` and `principal` come from SQL (`settlement_profit`), so every path computes them alike.
 */
export interface SettlementCandidate {
  id: string;
  userId: string;
  accountId: string;
  status: string;
  trxType: string;
  amount: string;
  crypto: string;
  maturesAt: Date | null;
  settlementState: SettlementState | null;
  settlementNote: string | null;
  /** amount x percent / 100, exact, rounded half-even to 5 decimals only when it has more. */
  profit: string;
  /** The amount when the plan returns principal (the default when none was copied), else 0. */
  principal: string;
  /** Its `settlement` row exists (whatever the state column says): nothing may apply again. */
  alreadySettled: boolean;
}

/** Where candidates are read from: the deposit, its account, and its settlement row if any. */
export const CANDIDATE_FROM = `"transaction" t JOIN account a ON a.user_id = t.user_id
  LEFT JOIN settlement s ON s.transaction_id = t.id`;

/** Columns of a SettlementCandidate, over CANDIDATE_FROM. */
export const CANDIDATE_COLUMNS = `(s.transaction_id IS NOT NULL) AS "alreadySettled", t.id, t.user_id AS "userId", a.id AS "accountId", t.status, t.trx_type AS "trxType",
  t.amount::text AS amount, t.crypto, t.matures_at AS "maturesAt", t.settlement_state AS "settlementState",
  t.settlement_note AS "settlementNote",
  COALESCE(settlement_profit(t.amount, t.profit_percent), 0)::numeric(20,5)::text AS profit,
  (CASE WHEN t.returns_principal IS NOT FALSE THEN t.amount ELSE 0 END)::numeric(20,5)::text AS principal`;

/** The coin bucket the deposit's principal sits in, if its coin has one. */
export function coinBucket(d: Pick<SettlementCandidate, 'crypto'>): AccountBucket | null {
  return isCoinBucket(d.crypto) ? d.crypto : null;
}

/**
 * What settling changes, in ledger order: the profit into `profit` and `balance`; the principal
 * (if returned) out of `investment` and the coin, into `balance`. Zero changes are left out.
 */
export function settlementEffects(d: SettlementCandidate): { profit: BucketChange[]; principal: BucketChange[] } {
  const profit = new Decimal(d.profit).isZero()
    ? []
    : [
        { bucket: 'profit' as const, delta: d.profit },
        { bucket: 'balance' as const, delta: d.profit },
      ];
  const amount = new Decimal(d.principal);
  if (amount.isZero()) return { profit, principal: [] };
  const coin = coinBucket(d);
  const out = amount.neg().toFixed();
  const principal: BucketChange[] = [{ bucket: 'investment', delta: out }];
  if (coin) principal.push({ bucket: coin, delta: out });
  principal.push({ bucket: 'balance', delta: d.principal });
  return { profit, principal };
}

/** An account's buckets that settlement takes from, as locked (decimal strings). */
export type DebitedBuckets = Partial<Record<AccountBucket, string>>;

/**
 * Why returning this principal would make a bucket negative (the plain reason an admin and the
 * investor read), or null when it fits. `needed` adds what earlier deposits in the same batch take.
 */
export function shortfall(d: SettlementCandidate, buckets: DebitedBuckets, needed: DebitedBuckets = {}): string | null {
  const principal = new Decimal(d.principal);
  if (principal.isZero()) return null;
  const short = (bucket: AccountBucket) =>
    new Decimal(buckets[bucket] ?? '0').lt(principal.plus(needed[bucket] ?? '0'));
  if (short('investment')) return "The account's investment is lower than the deposit";
  const coin = coinBucket(d);
  if (coin && short(coin)) return `The account's ${coin} balance is lower than the deposit`;
  return null;
}

/** Adds a deposit's debits to `needed` (the running total of one account's batch). */
export function addDebits(needed: DebitedBuckets, d: SettlementCandidate): void {
  const principal = new Decimal(d.principal);
  if (principal.isZero()) return;
  needed.investment = principal.plus(needed.investment ?? '0').toFixed();
  const coin = coinBucket(d);
  if (coin) needed[coin] = principal.plus(needed[coin] ?? '0').toFixed();
}

/** A moment as investors read it in messages: "2026-11-23 14:05 UTC". */
export const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
