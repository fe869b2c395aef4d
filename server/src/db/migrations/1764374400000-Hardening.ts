import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hardening against attackers: fixed-window budgets shared by every instance (replacing
 * rate-limiter-flexible's table, whose clock could not be injected).
 */
export class Hardening1764374400000 implements MigrationInterface {
  name = 'Hardening1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS rate_limit`);
    await q.query(`
      CREATE TABLE budget (
        key text PRIMARY KEY,
        used int NOT NULL,
        window_ends timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS budget`);
    await q.query(
      `CREATE TABLE rate_limit (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  }
}
