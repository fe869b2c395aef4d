import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * In-app notifications (issue 12): what happened to an investor's money (deposit or withdrawal
 * confirmed or declined, deposit settled) and what an admin wrote to them, each readable once
 * (`read_at`). Investors can turn the matching e-mails off (`app_user.email_notifications`);
 * security mails ignore that switch.
 */
export class Notifications1764720000000 implements MigrationInterface {
  name = 'Notifications1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL CHECK (kind IN ('DEPOSIT_CONFIRMED', 'DEPOSIT_DECLINED', 'WITHDRAWAL_CONFIRMED',
                                                  'WITHDRAWAL_DECLINED', 'DEPOSIT_SETTLED', 'ADMIN_MESSAGE')),
        title varchar(200) NOT NULL,
        body text NOT NULL,
        transaction_id uuid REFERENCES "transaction"(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    // The investor's list (newest first) and the unread badge, both per user.
    await q.query(`CREATE INDEX ix_notification_user ON notification (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_notification_unread ON notification (user_id) WHERE read_at IS NULL`);
    await q.query(`ALTER TABLE app_user ADD COLUMN email_notifications boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP COLUMN IF EXISTS email_notifications`);
    await q.query(`DROP TABLE IF EXISTS notification`);
  }
}
