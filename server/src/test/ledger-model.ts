import { ACCOUNT_BUCKETS, type AccountBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';

/**
 * TEST ONLY: what the money rules say should happen, written out plainly so a random mix of
 * requests can be checked answer by answer (ledger-mix.test.ts). Mirrors DESIGN §3 and the
 * settlement rules for deposits into plans that return the principal (all seeded plans).
 */

/** One account's amounts. */
export type Buckets = Record<AccountBucket, Decimal>;

/** A transaction as the model tracks it. */
export interface ModelTransaction {
  id: string;
  owner: string;
  trxType: 'DEPOSIT' | 'WITHDRAWAL';
  amount: Decimal;
  crypto: string;
  profitPercent: Decimal;
  status: 'PENDING' | 'CONFIRMED' | 'DECLINED';
  maturesAt: number | null;
  settlement: 'HELD' | 'SETTLED' | null;
}

/** A bucket change: the same shape the server's ledger uses. */
interface Change {
  bucket: AccountBucket;
  delta: Decimal;
}

/** How long a deposit runs once confirmed (the seeded plans' 24 hours). */
const TERM_MS = 24 * 3600 * 1000;

/** Zeroed amounts of a fresh account. */
export const emptyBuckets = (): Buckets =>
  Object.fromEntries(ACCOUNT_BUCKETS.map((b) => [b, new Decimal(0)])) as Buckets;

/** The expected state of every account and transaction, and what each request should answer. */
export class LedgerModel {
  readonly accounts = new Map<string, Buckets>();
  readonly transactions = new Map<string, ModelTransaction>();

  /** Starts tracking an account with nothing in it. */
  open(owner: string): void {
    this.accounts.set(owner, emptyBuckets());
  }

  /** What a withdrawal request may take: balance minus pending withdrawals (no bonus in play). */
  available(owner: string): Decimal {
    const pending = [...this.transactions.values()]
      .filter((x) => x.owner === owner && x.trxType === 'WITHDRAWAL' && x.status === 'PENDING')
      .reduce((sum, x) => sum.plus(x.amount), new Decimal(0));
    return Decimal.max(this.accounts.get(owner)!.balance.minus(pending), 0);
  }

  /** A new PENDING transaction the server accepted. */
  add(t: Omit<ModelTransaction, 'status' | 'maturesAt' | 'settlement'>): void {
    this.transactions.set(t.id, { ...t, status: 'PENDING', maturesAt: null, settlement: null });
  }

  /** An admin sets an amount: the bucket becomes exactly that. */
  set(owner: string, bucket: AccountBucket, value: string): void {
    this.accounts.get(owner)![bucket] = new Decimal(value);
  }

  /**
   * An admin's status change at `now`: the HTTP status it should answer (200, or 409 for a settled
   * deposit or a bucket that would go negative), applied to the model when accepted.
   */
  setStatus(id: string, target: ModelTransaction['status'], now: number): 200 | 409 {
    const t = this.transactions.get(id)!;
    if (t.status === target) return 200;
    if (t.settlement === 'SETTLED') return 409;
    const effect = confirmedEffect(t);
    const changes = t.status === 'CONFIRMED' ? effect.map((c) => ({ ...c, delta: c.delta.neg() })) : [];
    if (target === 'CONFIRMED') changes.push(...effect);
    if (!this.apply(t.owner, changes)) return 409;
    t.status = target;
    t.maturesAt = target === 'CONFIRMED' && t.trxType === 'DEPOSIT' ? now + TERM_MS : null;
    t.settlement = null;
    return 200;
  }

  /** The settle job's path (`settleOne`) at `now`: its outcome, applied to the model. */
  settleOne(id: string, now: number): 'settled' | 'held' | 'skipped' | 'rescheduled' {
    const t = this.transactions.get(id)!;
    if (t.trxType !== 'DEPOSIT' || t.status !== 'CONFIRMED' || t.settlement !== null || t.maturesAt === null)
      return 'skipped';
    if (t.maturesAt > now) return 'rescheduled';
    return this.settle(t);
  }

  /** An admin settles `ids` at `now`: per id (duplicates once), whether it was paid. */
  settleByAdmin(ids: string[], now: number): { id: string; settled: boolean }[] {
    return [...new Set(ids)].map((id) => {
      const t = this.transactions.get(id)!;
      const refused =
        t.trxType !== 'DEPOSIT' ||
        t.status !== 'CONFIRMED' ||
        t.maturesAt === null ||
        t.settlement === 'SETTLED' ||
        t.maturesAt > now;
      return { id, settled: !refused && this.settle(t) === 'settled' };
    });
  }

  /** Pays a matured deposit, or holds it when the principal can't come back (nothing moves then). */
  private settle(t: ModelTransaction): 'settled' | 'held' {
    const owner = this.accounts.get(t.owner)!;
    const coin = t.crypto as AccountBucket;
    if (owner.investment.lt(t.amount) || owner[coin].lt(t.amount)) {
      t.settlement = 'HELD';
      return 'held';
    }
    const profit = t.amount.mul(t.profitPercent).div(100);
    this.apply(t.owner, [
      { bucket: 'profit', delta: profit },
      { bucket: 'balance', delta: profit.plus(t.amount) },
      { bucket: 'investment', delta: t.amount.neg() },
      { bucket: coin, delta: t.amount.neg() },
    ]);
    t.settlement = 'SETTLED';
    return 'settled';
  }

  /** Applies the changes when no bucket goes negative; false (nothing changed) otherwise. */
  private apply(owner: string, changes: Change[]): boolean {
    const buckets = this.accounts.get(owner)!;
    const next = { ...buckets };
    for (const c of changes) next[c.bucket] = next[c.bucket].plus(c.delta);
    if (Object.values(next).some((v) => v.isNegative())) return false;
    Object.assign(buckets, next);
    return true;
  }
}

/** What CONFIRMED means: a deposit adds to investment and its coin, a withdrawal takes from balance. */
function confirmedEffect(t: ModelTransaction): Change[] {
  if (t.trxType === 'WITHDRAWAL') return [{ bucket: 'balance', delta: t.amount.neg() }];
  return [
    { bucket: 'investment', delta: t.amount },
    { bucket: t.crypto as AccountBucket, delta: t.amount },
  ];
}
