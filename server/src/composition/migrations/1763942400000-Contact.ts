import { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages from the public contact form, with a partial index over those not yet mailed. */
export class Contact1763942400000 implements MigrationInterface {
  name = 'Contact1763942400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(200) NOT NULL DEFAULT '',
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
        ip inet,
        mailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_contact_message_unmailed ON contact_message (created_at) WHERE mailed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS contact_message`);
  }
}
