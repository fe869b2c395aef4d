import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users list now breaks ties by id in the order's own direction (keyset paging compares
 * `(created_at, id)` as one row): an index in that order replaces `(created_at DESC, id)`, which
 * left ties to a sort step.
 */
export class UserPaging1765324800000 implements MigrationInterface {
  name = 'UserPaging1765324800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_app_user_created_id ON app_user (created_at, id)`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_created`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_app_user_created ON app_user (created_at DESC, id)`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_created_id`);
  }
}
