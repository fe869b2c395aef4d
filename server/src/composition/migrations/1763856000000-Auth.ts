import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-up and recovery: one-time codes (hashed, attempt-counted), single-use reset tickets,
 * the shared rate-limit table (rate-limiter-flexible's layout), and "one signup bonus per account".
 */
export class Auth1763856000000 implements MigrationInterface {
  name = 'Auth1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE otp_code (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        code_hash varchar(128) NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_otp_code_user_purpose ON otp_code (user_id, purpose, created_at DESC)`);

    await q.query(`
      CREATE TABLE password_reset (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        token_hash varchar(128) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);

    await q.query(
      `CREATE UNIQUE INDEX uq_ledger_signup_bonus ON ledger_entry (account_id) WHERE reason = 'SIGNUP_BONUS'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS uq_ledger_signup_bonus`);
    await q.query(`DROP TABLE IF EXISTS rate_limit`);
    await q.query(`DROP TABLE IF EXISTS password_reset`);
    await q.query(`DROP TABLE IF EXISTS otp_code`);
  }
}
