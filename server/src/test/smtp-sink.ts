import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A received message: envelope recipient and the raw RFC 822 text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP receiver for tests (smtp-server), collecting every message it accepts. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the newest mail to `to` whose text matches `pattern`; returns the first capture group. */
  waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** Decodes quoted-printable soft breaks and =XX escapes so codes and subjects read plainly. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** Starts a sink on a free loopback port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: decodeQp(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    async waitFor(to, pattern, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()) && pattern.test(m.raw));
        if (hit) return pattern.exec(hit.raw)?.[1] ?? '';
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pattern of the code in verification and reset mails. */
export const CODE_IN_MAIL = /code is:? (\d{4,8})/;
