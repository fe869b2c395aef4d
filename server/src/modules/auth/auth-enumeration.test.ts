import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestApp, TestApp } from '../../test/harness';

// Account enumeration by timing (issue 10): resend took 165-191 ms for registered addresses
// (code hashing and SMTP) against 7-18 ms for unknown ones. The answer must not wait for any of
// that work: here the mail server holds every message until released, and the answer still comes.

let t: TestApp;
let smtp: SMTPServer;
let release: () => void = () => {};
const held = new Promise<void>((resolve) => (release = resolve));
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        void held.then(() => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
});
afterAll(async () => {
  release();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('resendOTP answers before it looks anything up', () => {
  it('answers a registered address while its mail is still held by the mail server, like an unknown one', async () => {
    const { user } = await t.createUser();
    const known = await t.http.post('/api/auth/resendOTP').send({ email: user.email, activity: 'reset_password' });
    const unknown = await t.http
      .post('/api/auth/resendOTP')
      .send({ email: 'nobody@example.test', activity: 'reset_password' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(received).toEqual([]); // the mail is not delivered yet, and the answer did not wait for it

    release();
    await t.services.background.idle();
    expect(received).toEqual([user.email]);
  });
});
