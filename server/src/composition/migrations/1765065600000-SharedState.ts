import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What several instances share through PostgreSQL (issue 15): upload bytes for the default
 * `postgres` storage driver, in chunks so they stream in and out without one large value in
 * memory, and the next due time of each periodic task, claimed by one conditional UPDATE so each
 * run is enqueued once across instances.
 */
export class SharedState1765065600000 implements MigrationInterface {
  name = 'SharedState1765065600000';

  async up(q: QueryRunner): Promise<void> {
    // No foreign key to upload: the bytes are written before the row that makes them an upload.
    await q.query(`
      CREATE TABLE upload_blob (
        upload_id uuid NOT NULL,
        seq int NOT NULL,
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, seq)
      )`);
    await q.query(`ALTER TABLE upload_blob ALTER COLUMN data SET STORAGE EXTERNAL`); // images do not compress
    await q.query(`
      CREATE TABLE periodic_task (
        name varchar(100) PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        last_enqueued_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS periodic_task`);
    await q.query(`DROP TABLE IF EXISTS upload_blob`);
  }
}
