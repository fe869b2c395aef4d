import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every write to `plan` (the app's seeding or an operator's SQL) notifies `cryptovest_plans` when it
 * commits, so each instance drops its in-memory copy of the plans (db/notified-cache.ts). One NOTIFY
 * per statement; PostgreSQL folds identical ones in a transaction into one.
 */
export class PlanChanges1765238400000 implements MigrationInterface {
  name = 'PlanChanges1765238400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_plans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('cryptovest_plans', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER plan_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan
      FOR EACH STATEMENT EXECUTE FUNCTION notify_plans_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS plan_changed ON plan`);
    await q.query(`DROP FUNCTION IF EXISTS notify_plans_changed()`);
  }
}
