import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scheduled ledger reconciliation's last result (issue 37), one row: when it ran, how many
 * buckets were broken and which (`<account id>/<bucket>`), so every instance's /metrics shows the
 * same result whichever instance ran it, and the operators are mailed once per newly broken bucket
 * rather than at every run.
 */
export class LedgerReconciliation1766030400000 implements MigrationInterface {
  name = 'LedgerReconciliation1766030400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_reconciliation (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        checked_at timestamptz NOT NULL,
        mismatches integer NOT NULL CHECK (mismatches >= 0),
        broken text[] NOT NULL DEFAULT '{}',
        mailed_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_reconciliation`);
  }
}
