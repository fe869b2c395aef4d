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

/** What settling deposit `t` pays as profit (SQL over a "transaction" row aliased t): the one profit rule. */
export const SETTLEMENT_PROFIT_SQL = `COALESCE(settlement_profit(t.amount, t.profit_percent), 0)`;

/**
 * settlement_profit's rule written inline, for sums over many deposits (the admin overview's
 * obligations): `y` is a column holding amount x percent x 1000 (computed once per row, e.g. in a
 * LATERAL subquery), rounded half-even to a whole number of 0.00001. The same numbers as the SQL
 * function (the overview test compares both over 300,000 pairs, ties included) at a quarter of
 * its cost per row: a call of a SQL function with a FROM clause is never inlined.
 */
export const settlementProfitOfY = (y: string) =>
  `((CASE WHEN ${y} - floor(${y}) = 0.5 THEN floor(${y}) + mod(floor(${y}), 2) ELSE round(${y}) END) / 100000)`;

/** What settling deposit `t` pays back as principal (SQL): its amount unless its plan keeps the principal. */
export const SETTLEMENT_PRINCIPAL_SQL = `(CASE WHEN t.returns_principal IS NOT FALSE THEN t.amount ELSE 0 END)`;

/**
 * "Due for settlement", as the metrics and the admin overview count it (SQL over "transaction" t,
 * `now` a placeholder such as $1): a confirmed deposit whose term has ended by our clock and that
 * is not settled. Two arms, one partial index each: not yet taken by its job or the sweep (no
 * state), and waiting for an admin (DUE in review mode, HELD when a bucket would go negative).
 */
export const DUE_FOR_SETTLEMENT_SQL = {
  pending: (now: string) =>
    `t.trx_type = 'DEPOSIT' AND t.status = 'CONFIRMED' AND t.settlement_state IS NULL AND t.matures_at <= ${now}`,
  waiting: (now: string) => `t.settlement_state IN ('DUE', 'HELD') AND t.matures_at <= ${now}`,
};

/** Columns of a SettlementCandidate, over CANDIDATE_FROM. */
export const CANDIDATE_COLUMNS = `(s.transaction_id IS NOT NULL) AS "alreadySettled", t.id, t.user_id AS "userId", a.id AS "accountId", t.status, t.trx_type AS "trxType",
  t.amount::text AS amount, t.crypto, t.matures_at AS "maturesAt", t.settlement_state AS "settlementState",
  t.settlement_note AS "settlementNote",
  ${SETTLEMENT_PROFIT_SQL}::numeric(20,5)::text AS profit,
  ${SETTLEMENT_PRINCIPAL_SQL}::numeric(20,5)::text AS principal`;

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
