// The SMTP receiver the servers mail to (smtp-server on loopback): real, down (connection refused)
// or hung (accepts and never greets), on one port throughout. It keeps the verification codes.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import smtpServer from 'smtp-server';
import { now } from './util.mjs';

/** The mail server of the experiments: seeding reads codes from it, experiments 4 and 5 break it. */
export class MailSink {
  constructor(port) {
    this.port = port;
    this.state = 'down';
    /** e-mail -> { code, at } of the first verification code that arrived. */
    this.codes = new Map();
    this.received = 0;
    /** Verification mails that arrived a second time for the same address (the outbox's at-least-once edge). */
    this.duplicateCodeMails = 0;
    /** e-mail -> the latest administrator enrolment code (funding signs an admin in). */
    this.enrolmentCodes = new Map();
    this.hungConnections = 0;
    this.sockets = new Set();
  }

  async startReal() {
    const server = new smtpServer.SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 300,
      onData: (stream, session, done) => {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', () => {
          this.receive(session, Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await this.listen(server);
    server.on('error', () => undefined);
    this.server = server;
    this.state = 'up';
  }

  /** Accepts connections and never sends the greeting: a mail server that hangs. */
  async startHung() {
    const server = net.createServer((socket) => {
      this.hungConnections++;
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await this.listen(server);
    this.server = server;
    this.state = 'hung';
  }

  async listen(server) {
    const deadline = now() + 5000;
    for (;;) {
      try {
        await new Promise((resolve, reject) => {
          server.once('error', reject);
          server.listen(this.port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        return;
      } catch (err) {
        if (err.code !== 'EADDRINUSE' || now() > deadline) throw err;
        await sleep(100);
      }
    }
  }

  async stop() {
    if (!this.server) return;
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server.close(() => resolve()));
    this.state = 'down';
  }

  receive(session, raw) {
    this.received++;
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
    const enrolment = /enrolment code:\s*([a-z2-9]{4}(?:-[a-z2-9]{4}){3})/.exec(unfolded)?.[1];
    if (enrolment)
      for (const { address } of session.envelope.rcptTo) this.enrolmentCodes.set(address.toLowerCase(), enrolment);
    const code = /verification code is:?\s*(\d{4,8})/i.exec(unfolded)?.[1];
    if (!code) return;
    for (const { address } of session.envelope.rcptTo) {
      const to = address.toLowerCase();
      if (this.codes.has(to)) this.duplicateCodeMails++;
      else this.codes.set(to, { code, at: now() });
    }
  }

  /** The enrolment code mailed to administrator `email` (waiting at most `capMs`), for bench/lib.mjs's adminToken. */
  async waitForEnrolmentCode(email, capMs = 30_000) {
    const deadline = now() + capMs;
    while (!this.enrolmentCodes.has(email) && now() < deadline) await sleep(100);
    const code = this.enrolmentCodes.get(email);
    if (!code) throw new Error(`no enrolment code mailed to ${email} in ${capMs / 1000} s`);
    this.enrolmentCodes.delete(email);
    return code;
  }

  /** The `emails` whose verification code arrived, waiting at most `capMs` for all of them. */
  async waitForCodes(emails, capMs) {
    const deadline = now() + capMs;
    while (now() < deadline && !emails.every((e) => this.codes.has(e))) await sleep(200);
    return emails.filter((e) => this.codes.has(e));
  }
}
