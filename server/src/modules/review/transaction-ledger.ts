import type { DataSource } from 'typeorm';
import type { LedgerEntry } from '../ledger';

/**
 * The ledger entries a transaction caused (confirmations, reversals, the bonus it unlocked, its
 * settlement), oldest first, with who made each (issue 38 record view: what an admin checks before
 * changing a status). Uses the index on ledger_entry (transaction_id).
 */
export function ledgerEntriesOfTransaction(ds: DataSource, transactionId: string): Promise<LedgerEntry[]> {
  return ds.query(
    `SELECT l.id::text, l.account_id AS "accountId", l.bucket, l.delta::text, l.amount_after::text AS "amountAfter",
            l.reason, l.transaction_id AS "transactionId", l.actor_id AS "actorId", l.note, l.created_at AS "createdAt",
            u.full_name AS "actorName"
       FROM ledger_entry l LEFT JOIN app_user u ON u.id = l.actor_id
      WHERE l.transaction_id = $1
      ORDER BY l.id`,
    [transactionId],
  );
}
