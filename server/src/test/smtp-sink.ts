import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
  /** Ends its SMTP sessions and resets every new connection (a mail server that is down) until `start()`. */
  stop(): Promise<void>;
  /**
   * Ends its SMTP sessions and holds every new connection open without a word, not even the
   * greeting (a mail server that hangs), until `start()`.
   */
  hang(): Promise<void>;
  /** How many connections held by `hang()` the client gave up on (closed). */
  readonly closedWhileHanging: number;
  /** Answers on the same port again (dropping held connections), keeping the mails received so far. */
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

/**
 * Starts a sink on a free loopback port. The port stays bound until `close()`, while `stop()`,
 * `hang()` and `start()` take the receiver down and up: a port given back meanwhile could be
 * taken by another test file's connection, and the mail server could not come back on it.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  // The receiver never listens itself: the front hands it each connection while it is up.
  let receiving: SMTPServer | null = receiver(mails);
  /** Connections held open while hanging; null when not hanging. */
  let held: Set<net.Socket> | null = null;
  let closedWhileHanging = 0;
  const front = net.createServer((socket) => {
    if (held) {
      const holding = held;
      holding.add(socket);
      socket.on('error', () => undefined); // the client resetting is what this mode provokes
      socket.on('close', () => {
        if (holding === held && holding.delete(socket)) closedWhileHanging += 1;
      });
    } else if (receiving) receiving.server.emit('connection', socket);
    else socket.resetAndDestroy();
  });
  /** Lets go of the held connections (not counted as the client's doing). */
  const release = () => {
    const holding = held;
    held = null;
    for (const socket of holding ?? []) socket.destroy();
  };
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(0, '127.0.0.1', () => resolve());
  });
  const bound = (front.address() as AddressInfo).port;
  const stop = async () => {
    release();
    const running = receiving;
    receiving = null;
    // Ends its open sessions (the server it would listen on was never started: nothing else to close).
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
    async hang() {
      await stop();
      held ??= new Set();
    },
    get closedWhileHanging() {
      return closedWhileHanging;
    },
    async start() {
      release();
      receiving ??= receiver(mails);
    },
    async close() {
      await stop();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** Pattern of the code in verification and reset mails. */
export const CODE_IN_MAIL = /code is:? (\d{4,8})/;
