import { contactMessageSchema } from '@cryptovest/common';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { validate } from '../../validation';
import type { AuditService } from '../audit/audit.service';
import type { RequestMeta } from '../auth/auth.service';
import type { RateLimits } from '../limits/rate-limits';
import { contactMessageMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { ContactMessage } from './contact-message.entity';

/** What the visitor gets back: a reference to quote, and when it was received. */
export interface ContactReceipt {
  id: string;
  receivedAt: Date;
}

/**
 * The public contact form: rate-limited per IP, validated with the form's own schema, stored
 * first (so nothing is lost when mail is down), then forwarded to the support address.
 */
export class ContactService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'site'>,
    private readonly limits: RateLimits,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
    private readonly logger: Logger,
  ) {}

  async send(input: unknown, meta: RequestMeta): Promise<ContactReceipt> {
    const data = await validate(contactMessageSchema, input);
    await this.limits.hitContact(meta.ip);
    const saved = await this.ds.getRepository(ContactMessage).save({
      name: data.name,
      email: data.email.toLowerCase(),
      subject: data.subject ?? '',
      message: data.message,
      ip: meta.ip,
      mailedAt: null,
    });
    await this.audit.record({
      action: 'contact.message',
      subjectType: 'contact_message',
      subjectId: saved.id,
      ip: meta.ip,
    });
    const site = this.config.site;
    const delivered = await this.mailer.send(site.supportEmail, contactMessageMail(site.brandName, { ...saved }));
    if (delivered) await this.ds.getRepository(ContactMessage).update(saved.id, { mailedAt: new Date() });
    else
      this.logger.warn(
        { contactMessageId: saved.id },
        'contact message stored but not mailed; it stays unmailed for a retry',
      );
    return { id: saved.id, receivedAt: saved.createdAt };
  }
}
