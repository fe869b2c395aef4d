import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of money mutations (issue 11): one row per (user, key) with the request's
 * fingerprint, its state, the owner token fencing a running claim, and the stored first answer.
 */
export class Idempotency1764547200000 implements MigrationInterface {
  name = 'Idempotency1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_key (
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        fingerprint char(64) NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('running', 'done')),
        owner uuid NOT NULL,
        lease_until timestamptz,
        status int,
        response json, -- json, not jsonb: keeps the first answer byte for byte (key order)
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`CREATE INDEX ix_idempotency_key_expires ON idempotency_key (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_key`);
  }
}
