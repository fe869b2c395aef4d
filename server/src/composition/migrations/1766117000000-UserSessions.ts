import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-session records (issue 38): one `user_session` row per sign-in, named by the `sid` claim of
 * its tokens, so a user can list where they are signed in and end one session, the others or all.
 * The device is described from the User-Agent at sign-in; `ip` is the client's as TRUST_PROXY
 * reads it. A session is open until `expires_at` (its newest token's expiry) or until it is ended
 * (`ended_at`, `end_reason`). A session check reads the user's recent sessions with the caller
 * (TokenService), so opening, ending or deleting one notifies `cryptovest_users` with the user's id
 * (the CallerChanges function) and every instance reads that caller again; touching `last_used_at`
 * notifies nobody. A TRUNCATE notifies an empty payload: every caller is dropped.
 */
export class UserSessions1766117000000 implements MigrationInterface {
  name = 'UserSessions1766117000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        device varchar(120) NOT NULL DEFAULT 'Unknown device',
        ip varchar(64),
        ended_at timestamptz,
        end_reason varchar(32),
        CONSTRAINT user_session_end_check CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
        CONSTRAINT user_session_reason_check CHECK (end_reason IN ('signed_out', 'password_changed', 'security_changed'))
      )`);
    await q.query(`CREATE INDEX ix_user_session_user ON user_session (user_id, expires_at)`);
    await q.query(`
      CREATE TRIGGER caller_changed AFTER INSERT OR DELETE ON user_session
      FOR EACH ROW EXECUTE FUNCTION notify_caller_changed()`);
    await q.query(`
      CREATE TRIGGER caller_session_ended AFTER UPDATE OF ended_at ON user_session
      FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at) EXECUTE FUNCTION notify_caller_changed()`);
    await q.query(`
      CREATE TRIGGER callers_truncated AFTER TRUNCATE ON user_session
      FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS user_session`);
  }
}
