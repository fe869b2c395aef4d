import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users list sorted by name (`lower(full_name)`, ties by id): an index in exactly that order,
 * so a page is an index walk, and a cursor one index range, instead of sorting every user (300 ms
 * at a million). The search's `text_pattern_ops` index cannot serve this ORDER BY: it compares
 * bytes, not the database's collation.
 */
export class UserNameOrder1765411200000 implements MigrationInterface {
  name = 'UserNameOrder1765411200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_app_user_name_id ON app_user (lower(full_name), id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_app_user_name_id`);
  }
}
