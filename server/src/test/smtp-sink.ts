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
  port: number;
  mails: ReceivedMail[];
  /** Waits for the newest mail to `to` whose text matches `pattern`; returns the first capture group. */
  waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Stops listening (connections are refused, as by a mail server that is down) until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the mails received so far. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Decodes quoted-printable soft breaks and =XX escapes so codes and subjects read plainly. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** A receiver that appends every accepted message to `mails`. */
function receiver(mails: ReceivedMail[]): SMTPServer {
  return new SMTPServer({
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
}

/** Starts a sink on a free loopback port (or on `port`, e.g. one a test's fake server just released). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | null = receiver(mails);
  const listen = (s: SMTPServer, p: number) => new Promise<void>((resolve) => s.listen(p, '127.0.0.1', resolve));
  await listen(server, port);
  const bound = (server.server.address() as AddressInfo).port;
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${bound}?ignoreTLS=true`,
    port: bound,
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
    stop,
    async start() {
      if (server) return;
      server = receiver(mails);
      await listen(server, bound);
    },
    close: stop,
  };
}

/** Pattern of the code in verification and reset mails. */
export const CODE_IN_MAIL = /code is:? (\d{4,8})/;
