import { contactMessageSchema } from '@cryptovest/common';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { Config } from '../../kernel/config';
import { validate } from '../../kernel/validation';
import type { AuditService } from '../../platform/audit';
import type { RequestMeta } from '../identity';
import type { RateLimits } from '../../platform/limits';
import { type MailOutbox, contactMessageMail } from '../../platform/mail';
import { ContactMessage } from './contact-message.entity';

/** What the visitor gets back: a reference to quote, and when it was received. */
export interface ContactReceipt {
  id: string;
  receivedAt: Date;
}

/**
 * The public contact form: rate-limited per IP, validated with the form's own schema, stored with
 * its mail to support in one transaction (the outbox delivers it, retrying until the mail server
 * takes it, then sets `mailed_at`), so a message is never lost and never waits on SMTP.
 */
export class ContactService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'site'>,
    private readonly limits: RateLimits,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditService,
  ) {}

  /** Stores a visitor's message and queues its copy to support. */
  async send(input: unknown, meta: RequestMeta): Promise<ContactReceipt> {
    const data = await validate(contactMessageSchema, input);
    await this.limits.hitContact(meta.ip);
    const site = this.config.site;
    const saved = await inTransaction(this.ds, async (m) => {
      const message = await m.getRepository(ContactMessage).save({
        name: data.name,
        email: data.email.toLowerCase(),
        subject: data.subject ?? '',
        message: data.message,
        ip: meta.ip,
        mailedAt: null,
      });
      await this.audit.record(
        { action: 'contact.message', subjectType: 'contact_message', subjectId: message.id, ip: meta.ip },
        m,
      );
      await this.outbox.queue(m, {
        kind: 'contact_message',
        to: site.supportEmail,
        contactMessageId: message.id,
        content: contactMessageMail(site.brandName, { ...message }),
      });
      return message;
    });
    return { id: saved.id, receivedAt: saved.createdAt };
  }
}
