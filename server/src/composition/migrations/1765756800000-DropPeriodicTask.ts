import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Periodic work moved to pg-boss's own `schedule()` (issue 34): the claims table of the former
 * hand-made scheduler is no longer read or written. `down()` brings it back empty, as SharedState
 * made it; the former scheduler then claims each task's first run at its first tick.
 */
export class DropPeriodicTask1765756800000 implements MigrationInterface {
  name = 'DropPeriodicTask1765756800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS periodic_task`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS periodic_task (
        name varchar(100) PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        last_enqueued_at timestamptz
      )`);
  }
}
