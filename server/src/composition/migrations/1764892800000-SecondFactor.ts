import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in and API keys (issue 13). An authenticator secret per user (encrypted, with
 * the last accepted time step so a code works once), single-use recovery codes (hashed),
 * passkeys, short-lived challenges (the "second factor required" sign-in ticket and WebAuthn
 * challenges, single use, shared by every instance) and integrators' API keys (hashed, scoped,
 * revocable, with their last use).
 */
export class SecondFactor1764892800000 implements MigrationInterface {
  name = 'SecondFactor1764892800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE totp_factor (
        user_id uuid PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        secret_enc text NOT NULL,
        confirmed_at timestamptz,
        last_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE recovery_code (
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE passkey (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name varchar(60) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX ix_passkey_user ON passkey (user_id)`);
    await q.query(`
      CREATE TABLE auth_challenge (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('sign_in', 'passkey_register')),
        token_hash char(64) NOT NULL UNIQUE,
        challenge text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_auth_challenge_expires ON auth_challenge (expires_at)`);
    await q.query(`
      CREATE TABLE api_key (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        name varchar(60) NOT NULL,
        prefix varchar(16) NOT NULL,
        secret_hash char(64) NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_api_key_user ON api_key (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['api_key', 'auth_challenge', 'passkey', 'recovery_code', 'totp_factor'])
      await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
