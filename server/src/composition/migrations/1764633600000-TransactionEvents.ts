import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The investor's timeline (issue 12): every transaction's events (submitted, confirmed, declined,
 * matured, settled…), append-only, with who and why. Existing transactions get their submission
 * and, where decided, their current status as events.
 */
export class TransactionEvents1764633600000 implements MigrationInterface {
  name = 'TransactionEvents1764633600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transaction_event (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES "transaction"(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        actor_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
        reason text,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX ix_transaction_event_transaction ON transaction_event (transaction_id, id)`);
    await q.query(`
      INSERT INTO transaction_event (transaction_id, user_id, kind, at)
      SELECT id, user_id, 'SUBMITTED', created_at FROM "transaction"`);
    await q.query(`
      INSERT INTO transaction_event (transaction_id, user_id, kind, at)
      SELECT id, user_id, status, updated_at FROM "transaction" WHERE status IN ('CONFIRMED', 'DECLINED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS transaction_event`);
  }
}
