import type { EntityManager } from 'typeorm';
import { User } from './user.entity';
import { type MailContext, type MailKind, type MailOutbox, greetingName, type MailContent } from '../../platform/mail';

/**
 * Builds a notice from the brand and the recipient's language, and the salutation name (null for
 * unproven addresses).
 */
export type Compose = (ctx: MailContext, name: string | null) => MailContent;

/**
 * Security notices to account owners (address changed, withdrawal requested…). Queued in the
 * transaction of the change they report, so a change never commits without its notice; the
 * outbox sends it after the request has answered, so a slow mail server never slows or fails it.
 */
export class Notifier {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly brand: string,
  ) {}

  /** Queues `compose`'s notice to user `userId` inside the transaction of `m`. */
  async queue(m: EntityManager, userId: string, kind: MailKind, compose: Compose): Promise<void> {
    const user = await m.getRepository(User).findOneByOrFail({ id: userId });
    await this.outbox.queue(m, {
      kind,
      to: user.email,
      userId,
      content: compose({ brand: this.brand, locale: user.locale }, greetingName(user)),
    });
  }
}
