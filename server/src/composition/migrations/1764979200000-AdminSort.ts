import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the admin tables' new orders and filters (issue 14): transactions by amount, the
 * status filter newest first (the "PENDING" queue an admin works through), and accounts by balance.
 * Each also serves the opposite direction (a b-tree reads both ways).
 */
export class AdminSort1764979200000 implements MigrationInterface {
  name = 'AdminSort1764979200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_transaction_amount ON "transaction" (amount, id)`);
    await q.query(`CREATE INDEX ix_transaction_status_created ON "transaction" (status, created_at, id)`);
    await q.query(`CREATE INDEX ix_account_balance ON account (balance)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_account_balance`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_status_created`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_amount`);
  }
}
