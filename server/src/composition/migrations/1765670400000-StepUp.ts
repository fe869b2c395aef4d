import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Second-factor hardening (issue 33): challenges of two more kinds. `step_up` holds a passkey
 * challenge for proving a factor again inside a session (before a factor is added or removed);
 * `admin_enrolment` is the one-time code (hash only) an administrator's first factor needs
 * besides the password, mailed or printed by the operator command, valid 24 hours.
 */
export class StepUp1765670400000 implements MigrationInterface {
  name = 'StepUp1765670400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth_challenge DROP CONSTRAINT auth_challenge_purpose_check`);
    await q.query(`ALTER TABLE auth_challenge ADD CONSTRAINT auth_challenge_purpose_check
      CHECK (purpose IN ('sign_in', 'passkey_register', 'step_up', 'admin_enrolment'))`);
    await q.query(
      `CREATE INDEX ix_auth_challenge_user_purpose ON auth_challenge (user_id, purpose) WHERE used_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_auth_challenge_user_purpose`);
    await q.query(`DELETE FROM auth_challenge WHERE purpose IN ('step_up', 'admin_enrolment')`);
    await q.query(`ALTER TABLE auth_challenge DROP CONSTRAINT auth_challenge_purpose_check`);
    await q.query(`ALTER TABLE auth_challenge ADD CONSTRAINT auth_challenge_purpose_check
      CHECK (purpose IN ('sign_in', 'passkey_register'))`);
  }
}
