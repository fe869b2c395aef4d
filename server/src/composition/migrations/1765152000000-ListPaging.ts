import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes in the admin lists' exact orders (issue 16), so a deep page's ids are an index-only walk
 * instead of reading (or joining) every skipped row: transactions newest first (created_at, id),
 * accounts by their own created_at (the owner's sign-up) or balance, ties by id. Each replaces an
 * index without the id that it makes redundant, or adds one where the order needed the owner.
 */
export class ListPaging1765152000000 implements MigrationInterface {
  name = 'ListPaging1765152000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_transaction_created_id ON "transaction" (created_at DESC, id DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_created`);
    await q.query(`CREATE INDEX ix_account_created_id ON account (created_at, id)`);
    await q.query(`CREATE INDEX ix_account_balance_id ON account (balance, id)`);
    await q.query(`DROP INDEX IF EXISTS ix_account_balance`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_account_balance ON account (balance)`);
    await q.query(`DROP INDEX IF EXISTS ix_account_balance_id`);
    await q.query(`DROP INDEX IF EXISTS ix_account_created_id`);
    await q.query(`CREATE INDEX ix_transaction_created ON "transaction" (created_at DESC)`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_created_id`);
  }
}
