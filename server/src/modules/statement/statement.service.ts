import type { DataSource, EntityManager } from 'typeorm';
import { COIN_BUCKETS, DEFAULT_LOCALE, isLocale, type Locale } from '@cryptovest/common';
import type { Clock } from '../../kernel/clock';
import { AppError, ErrorCode } from '../../kernel/errors';
import { sqlRows } from '../../db/sql';
import type { Period } from './period';
import { exportTransactions, type ExportedTransaction } from './transactions-export';
import type { BucketBalance, Statement, StatementEntry, StatementInvestor } from './statement';

/** Buckets every statement lists, in this order; the others (wallet balance, coins) only when they were ever used. */
const ALWAYS_SHOWN = ['balance', 'investment', 'profit', 'lockedBonus'] as const;
/** The order of the buckets shown only when present. */
const SHOWN_WHEN_USED = ['walletBalance', ...COIN_BUCKETS] as const;

/**
 * Opening (before `$2`) and closing (before `$3`) amount of each bucket of account `$1` that has an
 * entry before the period ends: the amount after its last entry, or (for entries older than that
 * column) the sum of its entries, which the ledger's invariant makes the same number.
 */
const BUCKETS_SQL = `
  SELECT bucket,
         COALESCE((array_agg(amount_after ORDER BY id DESC) FILTER (WHERE created_at < $2))[1],
                  sum(delta) FILTER (WHERE created_at < $2), 0::numeric(20, 5))::text AS opening,
         COALESCE((array_agg(amount_after ORDER BY id DESC))[1], sum(delta))::text AS closing
    FROM ledger_entry
   WHERE account_id = $1 AND created_at < $3
   GROUP BY bucket`;

/**
 * Account `$1`'s entries from `$2` (included) to `$3` (excluded), oldest first, each with its
 * amount after (the running sum where an old entry lacks it) and its transaction's blockchain id.
 */
const ENTRIES_SQL = `
  WITH history AS (
    SELECT e.*, sum(e.delta) OVER (PARTITION BY e.bucket ORDER BY e.id) AS running
      FROM ledger_entry e
     WHERE e.account_id = $1 AND e.created_at < $3
  )
  SELECT h.id::text AS id, h.created_at AS at, h.bucket, h.delta::text AS delta,
         COALESCE(h.amount_after, h.running)::text AS "amountAfter", h.reason,
         h.transaction_id::text AS "transactionId", t.transaction_id AS txid
    FROM history h
    LEFT JOIN "transaction" t ON t.id = h.transaction_id
   WHERE h.created_at >= $2
   ORDER BY h.id`;

/**
 * Investors' statements (issue 38), computed in SQL from the ledger alone: what each bucket held
 * when the period opened and closed, and every entry between. Read in one repeatable-read
 * transaction, so the amounts and the entries agree even while money moves.
 */
export class StatementService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly platform: string,
  ) {}

  /** The statement of `userId`'s account for `period`; 404 for an unknown user or one without an account (an admin). */
  async statement(userId: string, period: Period): Promise<Statement> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const { investor, accountId, locale } = await this.owner(m, userId);
      const range = [accountId, period.start, period.end];
      const [amounts, entries] = [
        await sqlRows<BucketBalance>(m, BUCKETS_SQL, range),
        await sqlRows<StatementEntry>(m, ENTRIES_SQL, range),
      ];
      return {
        platform: this.platform,
        investor,
        locale,
        period,
        generatedAt: this.clock.now(),
        buckets: shownBuckets(amounts),
        entries,
      };
    });
  }

  /** Every transaction made in `period` (all investors), oldest first, in batches: the accounting export. */
  transactions(period: Period): AsyncGenerator<ExportedTransaction[]> {
    return exportTransactions(this.ds, period);
  }

  /** The user, their account's id and their language (the statement's). */
  private async owner(
    m: EntityManager,
    userId: string,
  ): Promise<{ investor: StatementInvestor; accountId: string; locale: Locale }> {
    const [row] = await sqlRows<StatementInvestor & { accountId: string | null; locale: string | null }>(
      m,
      `SELECT u.id::text AS id, u.full_name AS "fullName", u.email, a.id::text AS "accountId", u.locale
         FROM app_user u LEFT JOIN account a ON a.user_id = u.id
        WHERE u.id = $1`,
      [userId],
    );
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'User not found');
    if (!row.accountId) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
    const { accountId, locale, ...investor } = row;
    return { investor, accountId, locale: isLocale(locale) ? locale : DEFAULT_LOCALE };
  }
}

/** The buckets a statement lists: the main four always (0 when never used), the others when they have entries. */
function shownBuckets(amounts: BucketBalance[]): BucketBalance[] {
  const found = new Map(amounts.map((a) => [a.bucket, a]));
  const zero = (bucket: string): BucketBalance => ({ bucket, opening: '0.00000', closing: '0.00000' });
  return [
    ...ALWAYS_SHOWN.map((b) => found.get(b) ?? zero(b)),
    ...SHOWN_WHEN_USED.filter((b) => found.has(b)).map((b) => found.get(b)!),
  ];
}
