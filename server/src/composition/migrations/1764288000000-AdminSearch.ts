import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the admin search boxes: prefix matches on full name, e-mail and country, and suffix
 * matches on full name through its reverse. All are text_pattern_ops so LIKE 'x%' can use them
 * whatever the database collation. The old country index could not serve LIKE; it is replaced.
 */
export class AdminSearch1764288000000 implements MigrationInterface {
  name = 'AdminSearch1764288000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_app_user_full_name_reversed ON app_user (reverse(lower(full_name)) text_pattern_ops)`,
    );
    await q.query(`CREATE INDEX ix_app_user_email_pattern ON app_user (email text_pattern_ops)`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_country`);
    await q.query(`CREATE INDEX ix_app_user_country ON app_user (lower(country) text_pattern_ops)`);
    await q.query(`CREATE INDEX ix_app_user_created ON app_user (created_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_app_user_created`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_country`);
    await q.query(`CREATE INDEX ix_app_user_country ON app_user (lower(country))`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_email_pattern`);
    await q.query(`DROP INDEX IF EXISTS ix_app_user_full_name_reversed`);
  }
}
