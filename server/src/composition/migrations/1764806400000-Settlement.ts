import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans that mature and pay (issue 12). A deposit copies its plan's term and principal rule; its
 * term runs from confirmation (`confirmed_at`) to `matures_at`; `settlement_state` says where it
 * stands (DUE: waits for an admin, HELD: could not apply, SETTLED). The `settlement` table is the
 * exactly-once guard: one row per deposit (primary key), append-only. `settlement_profit` is the
 * one profit rule both settlement paths use: amount x percent / 100, exact, rounded half-even to
 * the buckets' 5 decimals when it has more.
 */
export class Settlement1764806400000 implements MigrationInterface {
  name = 'Settlement1764806400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE plan ADD COLUMN returns_principal boolean NOT NULL DEFAULT true`);
    await q.query(`
      ALTER TABLE "transaction"
        ADD COLUMN duration_hours int CHECK (duration_hours > 0),
        ADD COLUMN returns_principal boolean,
        ADD COLUMN confirmed_at timestamptz,
        ADD COLUMN matures_at timestamptz,
        ADD COLUMN settled_at timestamptz,
        ADD COLUMN settlement_state varchar(16) CHECK (settlement_state IN ('DUE', 'HELD', 'SETTLED')),
        ADD COLUMN settlement_note text`);
    // Deposits made before this release take their plan's rule (24 hours, principal returned).
    await q.query(`
      UPDATE "transaction" t
         SET duration_hours = COALESCE((SELECT p.duration_hours FROM plan p WHERE p.id = t.plan_id), 24),
             returns_principal = COALESCE((SELECT p.returns_principal FROM plan p WHERE p.id = t.plan_id), true)
       WHERE t.trx_type = 'DEPOSIT'`);
    // Confirmed ones get the term they would have had; those already past it wait for an admin
    // ("Due for settlement") instead of paying out at once on deploy (docs/operations.md).
    await q.query(`
      UPDATE "transaction" t
         SET confirmed_at = c.at,
             matures_at = CASE WHEN t.trx_type = 'DEPOSIT' THEN c.at + make_interval(hours => t.duration_hours) END
        FROM (SELECT t2.id, COALESCE((SELECT max(e.at) FROM transaction_event e
                                       WHERE e.transaction_id = t2.id AND e.kind = 'CONFIRMED'), t2.updated_at) AS at
                FROM "transaction" t2 WHERE t2.status = 'CONFIRMED') c
       WHERE t.id = c.id`);
    await q.query(`
      WITH due AS (
        UPDATE "transaction" SET settlement_state = 'DUE'
         WHERE trx_type = 'DEPOSIT' AND status = 'CONFIRMED' AND matures_at <= now()
        RETURNING id, user_id, matures_at)
      INSERT INTO transaction_event (transaction_id, user_id, kind, data, at)
      SELECT id, user_id, 'MATURED', jsonb_build_object('maturesAt', matures_at), now() FROM due`);
    await q.query(`
      ALTER TABLE "transaction"
        ADD CONSTRAINT transaction_term_confirmed CHECK (matures_at IS NULL OR (status = 'CONFIRMED' AND trx_type = 'DEPOSIT')),
        ADD CONSTRAINT transaction_settlement_confirmed CHECK (settlement_state IS NULL OR (status = 'CONFIRMED' AND matures_at IS NOT NULL)),
        ADD CONSTRAINT transaction_settled_at CHECK ((settlement_state IS NOT DISTINCT FROM 'SETTLED') = (settled_at IS NOT NULL))`);
    // The sweep's candidates, and the admin's queue.
    await q.query(`
      CREATE INDEX ix_transaction_maturing ON "transaction" (matures_at, id)
       WHERE trx_type = 'DEPOSIT' AND status = 'CONFIRMED' AND settlement_state IS NULL`);
    await q.query(`
      CREATE INDEX ix_transaction_settlement_queue ON "transaction" (matures_at, id)
       WHERE settlement_state IN ('DUE', 'HELD')`);
    await q.query(`
      CREATE INDEX ix_transaction_running ON "transaction" (user_id, matures_at)
       WHERE status = 'CONFIRMED' AND matures_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE settlement (
        transaction_id uuid PRIMARY KEY REFERENCES "transaction"(id) ON DELETE RESTRICT,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE RESTRICT,
        profit numeric(20,5) NOT NULL CHECK (profit >= 0),
        principal numeric(20,5) NOT NULL CHECK (principal >= 0),
        mode varchar(16) NOT NULL CHECK (mode IN ('auto', 'manual')),
        actor_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
        settled_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TRIGGER settlement_append_only BEFORE UPDATE OR DELETE ON settlement
      FOR EACH ROW EXECUTE FUNCTION refuse_change()`);
    await q.query(`
      CREATE TRIGGER settlement_no_truncate BEFORE TRUNCATE ON settlement
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()`);

    // amount has 2 decimals and percent 2, so amount x percent x 1000 is the profit in units of
    // 0.00001 with at most one more decimal: round that half-even to a whole number.
    await q.query(`
      CREATE FUNCTION settlement_profit(amount numeric, percent numeric) RETURNS numeric(20,5)
      LANGUAGE sql IMMUTABLE STRICT AS $$
        SELECT (CASE WHEN y - floor(y) = 0.5 THEN floor(y) + mod(floor(y), 2) ELSE round(y) END / 100000)::numeric(20,5)
          FROM (SELECT amount * percent * 1000 AS y) s
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS settlement_profit(numeric, numeric)`);
    await q.query(`DROP TABLE IF EXISTS settlement`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_running`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_settlement_queue`);
    await q.query(`DROP INDEX IF EXISTS ix_transaction_maturing`);
    await q.query(`
      ALTER TABLE "transaction"
        DROP CONSTRAINT IF EXISTS transaction_settled_at,
        DROP CONSTRAINT IF EXISTS transaction_settlement_confirmed,
        DROP CONSTRAINT IF EXISTS transaction_term_confirmed,
        DROP COLUMN settlement_note,
        DROP COLUMN settlement_state,
        DROP COLUMN settled_at,
        DROP COLUMN matures_at,
        DROP COLUMN confirmed_at,
        DROP COLUMN returns_principal,
        DROP COLUMN duration_hours`);
    await q.query(`ALTER TABLE plan DROP COLUMN returns_principal`);
  }
}
