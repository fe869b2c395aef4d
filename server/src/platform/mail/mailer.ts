import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { MailContent } from './templates';

/**
 * Sends one e-mail over SMTP_URL, with short timeouts (SMTP_TIMEOUT_MS) so a mail server that
 * accepts the connection and never answers fails in seconds. Without SMTP_URL (development only;
 * production requires it) each mail is written to DATA_DIR/outbox as a JSON file instead, so flows
 * work offline. Only the mail outbox calls it: everything else queues mail (see outbox.ts).
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly outbox: string;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'smtpTimeoutMs'>,
    private readonly logger: Logger,
  ) {
    const timeout = config.smtpTimeoutMs;
    // The SMTP transport itself merges `url` with other options (createTransport({ url }) would drop them).
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(
          new SMTPTransport({
            url: config.smtpUrl,
            connectionTimeout: timeout,
            greetingTimeout: timeout,
            socketTimeout: timeout,
            dnsTimeout: timeout,
          }),
        )
      : null;
    this.outbox = path.join(config.dataDir, 'outbox');
  }

  /** True when mails really leave the machine. */
  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Sends one mail; throws when the server refuses it or does not answer in time (the outbox retries). */
  async send(to: string, mail: MailContent): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
      });
      return;
    }
    mkdirSync(this.outbox, { recursive: true });
    const file = path.join(this.outbox, `${Date.now()}-${to.replace(/[^a-z0-9@._-]/gi, '_')}.json`);
    writeFileSync(file, JSON.stringify({ from: this.config.mailFrom, to, ...mail }, null, 2));
    this.logger.info({ to, file }, 'mail written to DATA_DIR/outbox (no SMTP_URL)');
  }
}
