import { randomBytes } from 'node:crypto';
import { createScratchDatabase, type ScratchDatabase, startTestApp, TEST_PASSWORD, TestApp } from '../../test/harness';
import { ManualClock } from '../../test/manual-clock';
import { CODE_IN_MAIL, SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { ContactMessage } from '../../modules/contact/contact-message.entity';
import { JOB_SCHEMA } from '../jobs/queue';
import { MAIL_DELIVER_JOB } from './outbox';
import { passwordChangedMail } from './templates';

// Issue 11: with SMTP down, register said "we have sent a code" while nothing was sent, the audit
// said otp.sent, and the password-changed mail and contact messages were dropped for good; a mail
// server that accepted and never answered added 30 s to register and contact. Now every mail is an
// outbox row written with its event, sent at once after the commit, and retried by a pg-boss job.
// This file has a database of its own, so its workers see only its own jobs.

// Retries run on pg-boss's real timers (1 s apart here): these tests take seconds, not milliseconds.
jest.setTimeout(60_000);

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase();
});
afterAll(async () => {
  await scratch.drop();
});

/** Short retries so the durable path is exercised in seconds (pg-boss's own timing, no sleeps). */
const fast = (delivery: { retryLimit: number }) => ({
  databaseUrl: scratch.url,
  tuning: {
    mailDelivery: { ...delivery, retryDelaySeconds: 1, retryBackoff: false, leaseSeconds: 60 },
    jobPollingIntervalSeconds: 0.5,
  },
});

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  subject: string;
  text: string;
  html: string;
  last_error: string | null;
  job_id: string;
  sent_at: Date | null;
}

const rowsFor = (t: TestApp, recipient: string): Promise<OutboxRow[]> =>
  t.services.ds.query(`SELECT * FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`, [recipient]);
const rowOfContact = async (t: TestApp, contactMessageId: string): Promise<OutboxRow> =>
  (await t.services.ds.query(`SELECT * FROM mail_outbox WHERE contact_message_id = $1`, [contactMessageId]))[0];
const auditOf = async (t: TestApp, subjectId: string): Promise<string[]> =>
  (await t.services.ds.query(`SELECT action FROM audit_event WHERE subject_id = $1 ORDER BY id`, [subjectId])).map(
    (r: { action: string }) => r.action,
  );

/** Polls `probe` until `ok` holds (a deadline, never a fixed sleep deciding the result). */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.test`;
const register = (t: TestApp, email: string) =>
  t.http.post('/api/user/create').send({ fullName: 'Ada Lovelace', email, country: 'GB', password: 'password-123' });
let ipSeq = 0;
const contact = (t: TestApp, message: string) =>
  t.http
    .post('/api/contact')
    .set('x-forwarded-for', `198.51.100.${(ipSeq += 1)}`)
    .send({ name: 'Grace Hopper', email: 'grace@example.test', message });
const mailsMatching = (smtp: SmtpSink, to: string, pattern: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(to) && pattern.test(m.raw));

describe('SMTP down, then back', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' }, fast({ retryLimit: 30 }));
    await t.services.queue.work();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers register, resend, password change and contact normally; delivers every mail exactly once when SMTP returns', async () => {
    await smtp.stop();

    // Everything answers while the receiver is down (it only comes back after these answers).
    const email = newEmail('down');
    expect((await register(t, email)).status).toBe(201);
    const { user, token } = await t.createUser();
    const resend = await t.http.post('/api/auth/resendOTP').send({ email: user.email, activity: 'reset_password' });
    expect(resend.status).toBe(200);
    const changed = await t.http
      .put('/api/user/password')
      .set('authorization', `Bearer ${token}`)
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'second-pass-2' });
    expect(changed.status).toBe(200);
    const sent = await contact(t, 'Written while the mail server was down.');
    expect(sent.status).toBe(201);
    const contactId: string = sent.body.data.id;
    await t.services.background.idle(); // the in-process attempts, all failed

    // Nothing delivered, nothing lost: four queued rows, audited as queued, never as sent.
    expect(smtp.mails).toHaveLength(0);
    const newUserId: string = (await t.services.ds.query(`SELECT id FROM app_user WHERE email = $1`, [email]))[0].id;
    const rows = [...(await rowsFor(t, email)), ...(await rowsFor(t, user.email)), await rowOfContact(t, contactId)];
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'contact_message',
      'password_changed',
      'reset_code',
      'verify_code',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'queued', sent_at: null });
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      // The stopped sink keeps its port and resets each connection (test/smtp-sink.ts).
      expect(row.last_error).toMatch(/ECONNRESET/);
    }
    expect(await auditOf(t, newUserId)).toEqual(['user.register', 'otp.issued', 'mail.queued']);
    expect(await auditOf(t, user.id)).toEqual(
      expect.arrayContaining(['otp.issued', 'mail.queued', 'password.changed']),
    );
    expect(await auditOf(t, user.id)).not.toContain('mail.sent');
    expect((await t.services.ds.getRepository(ContactMessage).findOneByOrFail({ id: contactId })).mailedAt).toBeNull();
    const backlog = await t.services.outbox.stats();
    expect(backlog).toMatchObject({ queued: 4, failed: 0 });
    expect(backlog.oldestQueuedSeconds).toEqual(expect.any(Number));

    // The receiver comes back on the same port: the jobs deliver everything.
    await smtp.start();
    const code = await smtp.waitFor(email, CODE_IN_MAIL, 20_000);
    await smtp.waitFor(user.email, /password reset code is:? (\d{4})/, 20_000);
    await smtp.waitFor(user.email, /(password was changed)/, 20_000);
    await smtp.waitFor('support@example.com', new RegExp(`(${contactId})`), 20_000);
    const ids = rows.map((r) => r.id);
    const all = () =>
      t.services.ds.query(`SELECT status, subject, text, html FROM mail_outbox WHERE id = ANY($1)`, [ids]);
    await until(all, (rs: OutboxRow[]) => rs.every((r) => r.status === 'sent'));
    // Every job has run (and found its row sent) before mails are counted: none was sent twice.
    const jobs = () =>
      t.services.ds.query(`SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = ANY($2)`, [
        MAIL_DELIVER_JOB,
        rows.map((r) => r.job_id),
      ]);
    await until(jobs, (js: { state: string }[]) => js.length === 4 && js.every((j) => j.state === 'completed'));
    expect(mailsMatching(smtp, email, CODE_IN_MAIL)).toHaveLength(1);
    expect(mailsMatching(smtp, user.email, /password reset code is/)).toHaveLength(1);
    expect(mailsMatching(smtp, user.email, /password was changed/)).toHaveLength(1);
    expect(mailsMatching(smtp, 'support@example.com', new RegExp(contactId))).toHaveLength(1);
    expect(smtp.mails).toHaveLength(4);

    // Sent rows keep kind, recipient and times, not the code.
    for (const r of await all()) expect(r).toMatchObject({ subject: '', text: '', html: '' });
    // The delivered code works; the contact message is marked mailed; the audit says sent.
    expect((await t.http.post('/api/auth/verify-email').send({ email, otp: code })).status).toBe(200);
    expect((await t.services.ds.getRepository(ContactMessage).findOneByOrFail({ id: contactId })).mailedAt).toEqual(
      expect.any(Date),
    );
    expect(await auditOf(t, newUserId)).toEqual(
      expect.arrayContaining(['otp.issued', 'mail.queued', 'mail.sent', 'user.email_verified']),
    );
    expect(await auditOf(t, contactId)).toEqual(['contact.message', 'mail.queued', 'mail.sent']);
    expect(await t.services.outbox.stats()).toEqual({ queued: 0, failed: 0, oldestQueuedSeconds: null });
  });
});

describe('the outbox guarantees (no workers: the test itself races the senders)', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    clock = new ManualClock();
    // No workers here: the two senders of each race are the test's own calls.
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' }, { ...fast({ retryLimit: 30 }), clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A contact mail left queued by a refused first attempt. */
  async function queuedContactMail(text: string): Promise<OutboxRow> {
    await smtp.stop();
    const res = await contact(t, text);
    await t.services.background.idle();
    await smtp.start();
    const row = await rowOfContact(t, res.body.data.id);
    expect(row.status).toBe('queued');
    return row;
  }

  it('queues a mail with its event: nothing at all if the event rolls back, sent at once after it commits', async () => {
    const lost = newEmail('rolled-back');
    await expect(
      t.services.ds.transaction(async (m) => {
        await t.services.outbox.queue(m, {
          kind: 'password_changed',
          to: lost,
          content: passwordChangedMail({ brand: 'X', locale: 'en' }, null),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const kept = newEmail('committed');
    await t.services.ds.transaction((m) =>
      t.services.outbox.queue(m, {
        kind: 'password_changed',
        to: kept,
        content: passwordChangedMail({ brand: 'X', locale: 'en' }, null),
      }),
    );
    await t.services.background.idle(); // no worker runs here: only the in-process attempt
    expect(await rowsFor(t, lost)).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(lost))).toEqual([]);
    expect(await rowsFor(t, kept)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    expect(mailsMatching(smtp, kept, /password was changed/)).toHaveLength(1);
    // Sent at once, so its durable job is cancelled: only mails that need a retry wait in the queue.
    const [job] = await t.services.ds.query(
      `SELECT j.state FROM mail_outbox o JOIN pgboss.job j ON j.id = o.job_id WHERE o.recipient = $1`,
      [kept],
    );
    expect(job.state).toBe('cancelled');
  });

  it('sends a row once when the in-process attempt and the job deliver it at the same time', async () => {
    const row = await queuedContactMail('Two senders, one mail.');
    const outcomes = await Promise.all([t.services.outbox.deliver(row.id), t.services.outbox.deliver(row.id)]);
    expect(outcomes.sort()).toEqual(['busy', 'sent']);
    expect(await t.services.outbox.deliver(row.id)).toBe('sent'); // a late job finds it done
    expect(mailsMatching(smtp, 'support@example.com', /Two senders, one mail/)).toHaveLength(1);
  });

  it('takes over a claim whose sender died, once its lease has run out', async () => {
    const row = await queuedContactMail('My sender crashed mid-send.');
    // What a process that died while sending leaves behind: a claim with a lease.
    await t.services.ds.query(
      `UPDATE mail_outbox SET status = 'sending', lease_until = $2::timestamptz + interval '60 seconds' WHERE id = $1`,
      [row.id, clock.now()],
    );
    expect(await t.services.outbox.deliver(row.id)).toBe('busy');
    clock.advanceSeconds(61);
    expect(await t.services.outbox.deliver(row.id)).toBe('sent');
    expect(mailsMatching(smtp, 'support@example.com', /My sender crashed mid-send/)).toHaveLength(1);
  });
});

describe('a mail server that accepts the connection and never answers', () => {
  // Accepts, never writes the SMTP greeting, counts the connections the client gives up on; the
  // same sink answers on the same port later (a port given back could be taken meanwhile).
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    await sink.hang();
    t = await startTestApp(
      { SMTP_URL: sink.url, SMTP_TIMEOUT_MS: '1000', TRUST_PROXY: 'true' },
      fast({ retryLimit: 2 }),
    );
    await t.services.queue.work();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('answers register before the mail server could have timed out, then retries the mail until it fails for good', async () => {
    const email = newEmail('hang');
    const res = await register(t, email);
    expect(res.status).toBe(201);
    // The answer came while the first attempt still waited for a greeting (no connection given up yet).
    expect(sink.closedWhileHanging).toBe(0);
    const [queued] = await rowsFor(t, email);
    expect(queued.last_error).toBeNull();

    // Retried, not dropped: attempts are counted while it stays queued...
    const retried = await until(
      async () => (await rowsFor(t, email))[0],
      (r) => r.attempts >= 2 && r.last_error !== null,
    );
    expect(['queued', 'sending', 'failed']).toContain(retried.status);
    expect(retried.last_error).toMatch(/greeting|timeout/i);

    // ...until the last retry: failed, audited, and the code it held is blanked.
    const failed = await until(
      async () => (await rowsFor(t, email))[0],
      (r) => r.status === 'failed',
    );
    expect(failed).toMatchObject({ subject: '', text: '', html: '', recipient: email, kind: 'verify_code' });
    expect(failed.attempts).toBeGreaterThanOrEqual(2);
    const userId = (await t.services.ds.query(`SELECT id FROM app_user WHERE email = $1`, [email]))[0].id;
    const audit = await t.services.ds.query(
      `SELECT action, actor_id, metadata FROM audit_event WHERE subject_id = $1 AND action LIKE 'mail.%' ORDER BY id`,
      [userId],
    );
    expect(audit).toEqual([
      { action: 'mail.queued', actor_id: null, metadata: { kind: 'verify_code', outboxId: failed.id } },
      {
        action: 'mail.failed',
        actor_id: null,
        metadata: { kind: 'verify_code', outboxId: failed.id, attempts: failed.attempts },
      },
    ]);
    expect((await t.services.outbox.stats()).failed).toBeGreaterThanOrEqual(1);
  });

  it('keeps a failed notice (no code) whole, so the runbook statement re-queues it once SMTP works', async () => {
    const res = await contact(t, 'Please answer once your mail works again.');
    expect(res.status).toBe(201);
    const failed = await until(
      () => rowOfContact(t, res.body.data.id),
      (r) => r.status === 'failed',
    );
    expect(failed.subject).toMatch(/contact/);

    // A working mail server on the same address, then docs/operations.md's re-queue statement.
    await sink.start();
    await t.services.ds.query(
      `UPDATE mail_outbox SET status = 'queued', attempts = 0, last_error = NULL WHERE status = 'failed' AND subject <> ''`,
    );
    expect(await t.services.scheduler.runNow('mail.requeueStranded')).toBe(true);
    await sink.waitFor('support@example.com', /(Please answer once your mail works again)/, 20_000);
    const sent = await until(
      () => rowOfContact(t, res.body.data.id),
      (r) => r.status === 'sent',
    );
    expect(sent.subject).toBe('');
    expect(
      (await t.services.ds.getRepository(ContactMessage).findOneByOrFail({ id: res.body.data.id })).mailedAt,
    ).toEqual(expect.any(Date));
  });
});
