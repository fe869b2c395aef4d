import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each ledger entry also records the bucket's amount after the change (the amount before is
 * after minus delta), so an account's history reads "old -> new" without replaying the ledger.
 * Entries written before this migration keep NULL.
 */
export class LedgerAmounts1764201600000 implements MigrationInterface {
  name = 'LedgerAmounts1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_entry ADD COLUMN amount_after numeric(20,5)`);
    await q.query(`CREATE INDEX IF NOT EXISTS ix_ledger_entry_account_created ON ledger_entry (account_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_ledger_entry_account_created`);
    await q.query(`ALTER TABLE ledger_entry DROP COLUMN amount_after`);
  }
}
