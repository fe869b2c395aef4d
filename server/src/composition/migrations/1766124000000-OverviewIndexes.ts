import { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin overview's indexes: name and definition (columns and partial predicate). */
const INDEXES: [string, string][] = [
  // Pending deposits and withdrawals, count and sum: only the pending rows, index-only.
  ['ix_transaction_pending_amount', `"transaction" (trx_type) INCLUDE (amount) WHERE status = 'PENDING'`],
];

/**
 * Indexes of the admin overview (issue 38), so its one statement reads index ranges instead of the
 * whole transaction table (its daily series reads transaction_day: migration TransactionDays).
 * Built CONCURRENTLY (writes go on while they build: the table is the largest), so this migration
 * runs outside a transaction; an index a failed build left invalid is dropped and built again.
 * `down()` runs in the undo's transaction, so it drops them plainly.
 */
export class OverviewIndexes1766124000000 implements MigrationInterface {
  name = 'OverviewIndexes1766124000000';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) {
      await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await q.query(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) await q.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
