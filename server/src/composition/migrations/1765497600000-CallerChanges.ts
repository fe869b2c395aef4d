import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every write that changes what a session check reads about a user (their `app_user` row, their
 * authenticator, their passkeys) notifies `cryptovest_users` with the user's id when it commits,
 * so each instance drops that caller from memory (TokenService's callers). A TRUNCATE notifies an
 * empty payload: every caller is dropped. PostgreSQL folds identical NOTIFYs in a transaction.
 */
export class CallerChanges1765497600000 implements MigrationInterface {
  name = 'CallerChanges1765497600000';

  async up(q: QueryRunner): Promise<void> {
    // OLD.id for app_user; user_id for the factor tables (NEW on insert, OLD otherwise).
    await q.query(`
      CREATE FUNCTION notify_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_user uuid;
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('cryptovest_users', '');
          RETURN NULL;
        END IF;
        IF TG_TABLE_NAME = 'app_user' THEN
          row_user := OLD.id;
        ELSIF TG_OP = 'INSERT' THEN
          row_user := NEW.user_id;
        ELSE
          row_user := OLD.user_id;
        END IF;
        PERFORM pg_notify('cryptovest_users', row_user::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER caller_changed AFTER UPDATE OR DELETE ON app_user
      FOR EACH ROW EXECUTE FUNCTION notify_caller_changed()`);
    for (const table of ['totp_factor', 'passkey']) {
      await q.query(`
        CREATE TRIGGER caller_changed AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION notify_caller_changed()`);
    }
    for (const table of ['app_user', 'totp_factor', 'passkey']) {
      await q.query(`
        CREATE TRIGGER callers_truncated AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['app_user', 'totp_factor', 'passkey']) {
      await q.query(`DROP TRIGGER IF EXISTS caller_changed ON ${table}`);
      await q.query(`DROP TRIGGER IF EXISTS callers_truncated ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS notify_caller_changed()`);
  }
}
