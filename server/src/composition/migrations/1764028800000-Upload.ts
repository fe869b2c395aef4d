import { MigrationInterface, QueryRunner } from 'typeorm';

/** Proof images: one row per file stored under UPLOAD_DIR/<id>, owned by the uploader. */
export class Upload1764028800000 implements MigrationInterface {
  name = 'Upload1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE upload (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        content_type varchar(64) NOT NULL,
        size_bytes int NOT NULL CHECK (size_bytes > 0),
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_upload_owner ON upload (owner_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS upload`);
  }
}
