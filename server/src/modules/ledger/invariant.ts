import { BUCKET_COLUMN, LEDGER_BUCKETS } from './buckets';

/**
 * The ledger's invariant as one query: every bucket of every account (of the users in `$1`, or all
 * when `$1` is NULL) equals the sum of its ledger entries and is not negative. Each row it returns
 * is a broken bucket. Tests, `bench/` and `scripts/fault-experiments/` all run this one text.
 */
export const LEDGER_MISMATCH_SQL = `
  SELECT a.user_id::text AS "userId", a.id::text AS "accountId", v.bucket,
         v.amount::text AS amount, COALESCE(l.total, 0)::text AS ledger
    FROM account a
   CROSS JOIN LATERAL (VALUES ${LEDGER_BUCKETS.map((b) => `('${b}', a.${BUCKET_COLUMN[b]})`).join(', ')})
         AS v(bucket, amount)
    LEFT JOIN (SELECT account_id, bucket, sum(delta) AS total FROM ledger_entry GROUP BY 1, 2) l
      ON l.account_id = a.id AND l.bucket = v.bucket
   WHERE ($1::uuid[] IS NULL OR a.user_id = ANY($1::uuid[]))
     AND (v.amount <> COALESCE(l.total, 0) OR v.amount < 0)
   ORDER BY a.id, v.bucket`;

/** One bucket that differs from its ledger (or is negative). */
export interface LedgerMismatch {
  userId: string;
  accountId: string;
  bucket: string;
  amount: string;
  ledger: string;
}

/** Anything that runs SQL: a TypeORM DataSource/EntityManager (rows) or a `pg` client/pool (`{ rows }`). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The broken buckets of these users' accounts (all accounts when `userIds` is omitted). */
export async function ledgerMismatches(db: Queryable, userIds?: readonly string[]): Promise<LedgerMismatch[]> {
  const answer = await db.query(LEDGER_MISMATCH_SQL, [userIds ? [...userIds] : null]);
  return (Array.isArray(answer) ? answer : (answer as { rows: LedgerMismatch[] }).rows) as LedgerMismatch[];
}
