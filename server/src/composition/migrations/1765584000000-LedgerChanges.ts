import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['account', '"transaction"'] as const;
/** One trigger per event: PostgreSQL allows transition tables only on single-event triggers. */
const EVENTS = [
  { event: 'INSERT', rows: 'NEW', name: 'inserted' },
  { event: 'UPDATE', rows: 'NEW', name: 'updated' },
  { event: 'DELETE', rows: 'OLD', name: 'deleted' },
] as const;

/**
 * Every write to an investor's `account` or `transaction` rows notifies `cryptovest_ledger` with the
 * user's id when it commits, so each instance drops what it keeps of that investor's own reads
 * (modules/account/own-ledger-reads.ts). Statement-level with transition tables: a settlement batch
 * that touches thousands of rows sends one NOTIFY per user, not per row. A TRUNCATE notifies an
 * empty payload: everything kept is dropped.
 */
export class LedgerChanges1765584000000 implements MigrationInterface {
  name = 'LedgerChanges1765584000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('cryptovest_ledger', '');
        ELSE
          PERFORM pg_notify('cryptovest_ledger', u::text) FROM (SELECT DISTINCT user_id AS u FROM changed_rows) s;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      for (const { event, rows, name } of EVENTS) {
        await q.query(`
          CREATE TRIGGER ledger_${name} AFTER ${event} ON ${table}
          REFERENCING ${rows} TABLE AS changed_rows
          FOR EACH STATEMENT EXECUTE FUNCTION notify_ledger_changed()`);
      }
      await q.query(`
        CREATE TRIGGER ledger_truncated AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_ledger_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const { name } of EVENTS) await q.query(`DROP TRIGGER IF EXISTS ledger_${name} ON ${table}`);
      await q.query(`DROP TRIGGER IF EXISTS ledger_truncated ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS notify_ledger_changed()`);
  }
}
