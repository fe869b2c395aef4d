import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language an account reads the platform in (issue 39): its mails and notifications are
 * written in it and the web app opens in it. Existing accounts keep English, the language they
 * have read so far; the check keeps to the languages the catalogues hold.
 */
export class UserLocale1766200000000 implements MigrationInterface {
  name = 'UserLocale1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE app_user ADD COLUMN locale varchar(5) NOT NULL DEFAULT 'en' CONSTRAINT ck_app_user_locale CHECK (locale IN ('en', 'es', 'de'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP COLUMN locale`);
  }
}
