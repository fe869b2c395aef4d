import { PAGE_SIZE } from '@cryptovest/common';
import type { DataSource } from 'typeorm';
import { onLedgerWritten } from '../ledger';
import { NotifiedMap } from '../../db/notified-map';
import { toOffset, type Page } from '../../kernel/paging';
import { isUnfiltered, type MyTransactionFilter } from './my-transaction-filter';
import type { Transaction } from './transaction.entity';
import type { Account } from '../account';

/** The channel the LedgerChanges triggers notify with the investor's id (migration 1765584000000). */
export const LEDGER_CHANNEL = 'cryptovest_ledger';
/** Investors whose reads are kept at most (least recently used dropped first): a few MB each 1,000. */
const INVESTORS_KEPT = 5_000;
/** Answers kept per investor at most: the account, its limit and a few pages of transactions. */
const ANSWERS_KEPT = 8;

/** How the reads are made when nothing is kept (AccountService, TransactionService). */
export interface OwnLedgerLoaders {
  account(userId: string): Promise<Account>;
  available(userId: string): Promise<string>;
  transactions(
    userId: string,
    page: number,
    pageSize: number,
    filter?: MyTransactionFilter,
  ): Promise<Page<Transaction>>;
}

/**
 * What investors read about their own money on every visit to the overview (their account, what
 * they can withdraw, pages of their transactions), kept in memory per investor while this instance
 * hears every change to those rows (triggers on `account` and `transaction` → NOTIFY
 * `cryptovest_ledger` → the LISTEN connection), as the callers are. The answers are the rows as
 * read: never used to decide a write (withdrawals and the ledger read under row locks), and never
 * changed by a reader (shared between requests).
 */
export class OwnLedgerReads {
  /** Each investor's kept answers by kind; wired to the LISTEN connection in app.ts. */
  readonly kept: NotifiedMap<Map<string, Promise<unknown>>>;

  constructor(
    ds: DataSource,
    private readonly loaders: OwnLedgerLoaders,
  ) {
    this.kept = new NotifiedMap(LEDGER_CHANNEL, async () => new Map(), INVESTORS_KEPT);
    onLedgerWritten(ds, (userId) => this.forget(userId));
  }

  /** The investor's account (NOT_FOUND for users without one). */
  account(userId: string): Promise<Account> {
    return this.keep(userId, 'account', () => this.loaders.account(userId));
  }

  /** What the investor can withdraw now (AccountService.available). */
  available(userId: string): Promise<string> {
    return this.keep(userId, 'available', () => this.loaders.available(userId));
  }

  /**
   * A page of the investor's transactions, newest first; a bad page or size is refused as ever.
   * The unfiltered pages (every overview visit asks for them) are kept; a filtered one is read.
   * GraphQL's myTransactions and REST's /api/transaction/all both ask here.
   */
  transactions(
    userId: string,
    page: unknown,
    pageSize: unknown,
    filter: MyTransactionFilter = {},
  ): Promise<Page<Transaction>> {
    const p = toOffset(page, pageSize, PAGE_SIZE.transactions);
    if (!isUnfiltered(filter)) return this.loaders.transactions(userId, p.page, p.pageSize, filter);
    return this.keep(userId, `transactions:${p.page}:${p.pageSize}`, () =>
      this.loaders.transactions(userId, p.page, p.pageSize),
    );
  }

  /** This instance changed the investor's rows and has committed: their next reads load. */
  forget(userId: string): void {
    this.kept.changed(userId);
  }

  /** The kept answer of `kind`, else a read that is kept unless it fails. */
  private async keep<T>(userId: string, kind: string, load: () => Promise<T>): Promise<T> {
    const answers = await this.kept.get(userId);
    const kept = answers.get(kind) as Promise<T> | undefined;
    if (kept) return kept;
    const value = load();
    answers.set(kind, value);
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
    value.catch(() => {
      if (answers.get(kind) === value) answers.delete(kind);
    });
    return value;
  }
}
