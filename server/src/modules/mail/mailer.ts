import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { MailContent } from './templates';

/**
 * Sends e-mail over SMTP_URL. Without SMTP_URL (development only; production requires it) each
 * mail is written to DATA_DIR/outbox as a JSON file instead, so flows work offline.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly outbox: string;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
    private readonly logger: Logger,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    this.outbox = path.join(config.dataDir, 'outbox');
  }

  /** True when mails really leave the machine. */
  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Sends one mail; failures are logged and reported as false, never thrown at the user. */
  async send(to: string, mail: MailContent): Promise<boolean> {
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.config.mailFrom,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo,
        });
      } else {
        mkdirSync(this.outbox, { recursive: true });
        const file = path.join(this.outbox, `${Date.now()}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
        writeFileSync(file, JSON.stringify({ from: this.config.mailFrom, to, ...mail }, null, 2));
        this.logger.info({ to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL)');
      }
      return true;
    } catch (err) {
      this.logger.error({ err, to }, 'mail delivery failed'); // no subject: it may carry a code
      return false;
    }
  }
}
