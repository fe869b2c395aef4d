import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail that is never silently lost (issue 11): every e-mail is first a `mail_outbox` row written in
 * the transaction of the event that causes it, then delivered (at once, and by a pg-boss job as the
 * durable fallback). Sent rows keep kind, recipient and times; their subject and bodies are blanked,
 * so one-time codes do not linger.
 */
export class MailOutbox1764460800000 implements MigrationInterface {
  name = 'MailOutbox1764460800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(32) NOT NULL,
        recipient varchar(254) NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL,
        reply_to varchar(254),
        user_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
        contact_message_id uuid REFERENCES contact_message(id) ON DELETE SET NULL,
        status varchar(16) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_error varchar(500),
        lease_until timestamptz,
        job_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        sent_at timestamptz
      )`);
    // Everything not yet sent: the backlog, its age, and stranded rows (small, however big the table).
    await q.query(`CREATE INDEX ix_mail_outbox_unsent ON mail_outbox (created_at) WHERE status <> 'sent'`);
    await q.query(`CREATE INDEX ix_mail_outbox_user ON mail_outbox (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS mail_outbox`);
  }
}
