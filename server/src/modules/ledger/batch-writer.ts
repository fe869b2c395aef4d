import type { EntityManager } from 'typeorm';
import { BUCKET_COLUMN, LEDGER_BUCKETS, type LedgerBucket } from './buckets';
import type { LedgerReason } from './ledger-entry.entity';

/** One change of a batch: which account's bucket, by how much, why, and its place in the batch's order. */
export interface BatchChange {
  accountId: string;
  bucket: LedgerBucket;
  delta: string;
  reason: LedgerReason;
  transactionId: string;
  /** Order of the change in the batch: entries get their `amount_after` in this order. */
  ord: number;
}

const col = (b: LedgerBucket) => BUCKET_COLUMN[b];

/**
 * Bucket changes and ledger entries of a batch in one statement: the changes summed per account,
 * one UPDATE per account row, and each entry's `amount_after` from the new amount and a running
 * sum (window) over the account's changes in batch order.
 */
const BATCH_LEDGER_SQL = `
  WITH ch AS (
    SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::numeric[], $4::varchar[], $5::uuid[], $6::int[])
      AS c(account_id, bucket, delta, reason, transaction_id, ord)
  ), tot AS (
    SELECT account_id, ${LEDGER_BUCKETS.map((b) => `COALESCE(sum(delta) FILTER (WHERE bucket = '${b}'), 0) AS ${col(b)}`).join(', ')}
      FROM ch GROUP BY account_id
  ), upd AS (
    UPDATE account a SET ${LEDGER_BUCKETS.map((b) => `${col(b)} = a.${col(b)} + tot.${col(b)}`).join(', ')}, updated_at = now()
      FROM tot WHERE a.id = tot.account_id
    RETURNING a.id, ${LEDGER_BUCKETS.map((b) => `a.${col(b)}`).join(', ')}
  )
  INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, transaction_id, actor_id)
  SELECT ch.account_id, ch.bucket, ch.delta,
         CASE ch.bucket ${LEDGER_BUCKETS.map((b) => `WHEN '${b}' THEN upd.${col(b)}`).join(' ')} END
           - sum(ch.delta) OVER (PARTITION BY ch.account_id, ch.bucket)
           + sum(ch.delta) OVER (PARTITION BY ch.account_id, ch.bucket ORDER BY ch.ord),
         ch.reason, ch.transaction_id, $7::uuid
    FROM ch JOIN upd ON upd.id = ch.account_id
   ORDER BY ch.ord`;

/**
 * The ledger's set-based writer (the sweep's settlement): applies many changes to many accounts in
 * a constant number of statements, with the same buckets and entries as `applyLedger` one by one in
 * `ord` order. The caller holds the accounts' row locks and has checked no bucket goes negative
 * (the CHECK constraints still refuse it).
 */
export async function applyLedgerBatch(
  m: EntityManager,
  changes: BatchChange[],
  actorId: string | null,
): Promise<void> {
  if (!changes.length) return;
  await m.query(BATCH_LEDGER_SQL, [
    changes.map((c) => c.accountId),
    changes.map((c) => c.bucket),
    changes.map((c) => c.delta),
    changes.map((c) => c.reason),
    changes.map((c) => c.transactionId),
    changes.map((c) => c.ord),
    actorId,
  ]);
}
