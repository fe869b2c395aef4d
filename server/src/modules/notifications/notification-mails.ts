import type { Locale } from '@cryptovest/common';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { type MailKind, type MailOutbox, notificationMail, greetingName } from '../../platform/mail';
import type { NotificationContent } from './notification-content';

/** The outbox kind of notification mails. */
export const NOTIFICATION_MAIL_KIND: MailKind = 'notification';

/** A recipient as the mails need them: address, salutation facts, language and their choice about these mails. */
interface Recipient {
  id: string;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  emailNotifications: boolean;
  locale: Locale;
}

/**
 * The e-mail twin of each notification, queued through the outbox in the notification's own
 * transaction, unless its owner turned notification mails off. Security notices (codes, password,
 * addresses, withdrawal requests) do not come through here and always go.
 */
export class NotificationMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly brand: string,
    private readonly publicUrl: string,
  ) {}

  /** Queues a mail for each draft whose owner wants them (one read of the owners for the batch). */
  async queue(m: EntityManager, drafts: (NotificationContent & { userId: string })[]): Promise<void> {
    const recipients = await sqlRows<Recipient>(
      m,
      `SELECT id, email, full_name AS "fullName", email_verified_at AS "emailVerifiedAt",
              email_notifications AS "emailNotifications", locale
         FROM app_user WHERE id = ANY($1::uuid[])`,
      [[...new Set(drafts.map((d) => d.userId))]],
    );
    const byId = new Map(recipients.map((r) => [r.id, r]));
    const settings = `${this.publicUrl}/dashboard/settings`;
    const mails = drafts.flatMap((d) => {
      const to = byId.get(d.userId);
      if (!to?.emailNotifications) return [];
      // The transaction's own timeline page, when the notice is about one.
      const view = `${this.publicUrl}/dashboard${d.transactionId ? `/transactions/${d.transactionId}` : ''}`;
      const content = notificationMail({ brand: this.brand, locale: to.locale }, greetingName(to), d, {
        view,
        settings,
      });
      return [{ kind: NOTIFICATION_MAIL_KIND, to: to.email, userId: to.id, content }];
    });
    await this.outbox.queueMany(m, mails); // one statement per kind of row, however big the batch
  }
}
