import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Confirmed money per UTC day (issue 38, the admin overview's daily series): `transaction_day`
 * holds, per day of `confirmed_at` and type, how many transactions are CONFIRMED and their sum.
 * Triggers keep it in step with every insert, delete and change of status, confirmation time,
 * amount or type (a transaction leaving CONFIRMED is taken off the day it was counted on), so the
 * series reads at most two rows per day instead of every confirmed transaction of the range (at
 * 10 million transactions a year's series timed out). Created and filled in one transaction: the
 * trigger's lock holds writes to "transaction" until the backfill commits, so none is missed.
 */
export class TransactionDays1766124060000 implements MigrationInterface {
  name = 'TransactionDays1766124060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transaction_day (
        day date NOT NULL,
        trx_type varchar(16) NOT NULL,
        confirmed int NOT NULL,
        confirmed_sum numeric(20,2) NOT NULL,
        PRIMARY KEY (day, trx_type)
      )`);
    await q.query(`
      CREATE FUNCTION transaction_day_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'CONFIRMED' AND OLD.confirmed_at IS NOT NULL THEN
          INSERT INTO transaction_day AS d (day, trx_type, confirmed, confirmed_sum)
          VALUES ((OLD.confirmed_at AT TIME ZONE 'UTC')::date, OLD.trx_type, -1, -OLD.amount)
          ON CONFLICT (day, trx_type) DO UPDATE
            SET confirmed = d.confirmed + EXCLUDED.confirmed, confirmed_sum = d.confirmed_sum + EXCLUDED.confirmed_sum;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'CONFIRMED' AND NEW.confirmed_at IS NOT NULL THEN
          INSERT INTO transaction_day AS d (day, trx_type, confirmed, confirmed_sum)
          VALUES ((NEW.confirmed_at AT TIME ZONE 'UTC')::date, NEW.trx_type, 1, NEW.amount)
          ON CONFLICT (day, trx_type) DO UPDATE
            SET confirmed = d.confirmed + EXCLUDED.confirmed, confirmed_sum = d.confirmed_sum + EXCLUDED.confirmed_sum;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER transaction_day_added AFTER INSERT OR DELETE ON "transaction"
      FOR EACH ROW EXECUTE FUNCTION transaction_day_count()`);
    await q.query(`
      CREATE TRIGGER transaction_day_changed AFTER UPDATE OF status, confirmed_at, amount, trx_type ON "transaction"
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at
                         OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.trx_type IS DISTINCT FROM NEW.trx_type)
      EXECUTE FUNCTION transaction_day_count()`);
    await q.query(`
      CREATE FUNCTION transaction_day_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE transaction_day;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER transaction_day_truncated AFTER TRUNCATE ON "transaction"
      FOR EACH STATEMENT EXECUTE FUNCTION transaction_day_truncated()`);
    await q.query(`
      INSERT INTO transaction_day (day, trx_type, confirmed, confirmed_sum)
      SELECT (confirmed_at AT TIME ZONE 'UTC')::date, trx_type, count(*), sum(amount) FROM "transaction"
       WHERE status = 'CONFIRMED' AND confirmed_at IS NOT NULL
       GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS transaction_day_truncated ON "transaction"`);
    await q.query(`DROP TRIGGER IF EXISTS transaction_day_changed ON "transaction"`);
    await q.query(`DROP TRIGGER IF EXISTS transaction_day_added ON "transaction"`);
    await q.query(`DROP FUNCTION IF EXISTS transaction_day_truncated()`);
    await q.query(`DROP FUNCTION IF EXISTS transaction_day_count()`);
    await q.query(`DROP TABLE IF EXISTS transaction_day`);
  }
}
