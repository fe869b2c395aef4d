import { MSG } from '@cryptovest/common';
import { startTestApp, TestApp } from '../../test/harness';
import { SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { ContactMessage } from './contact-message.entity';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true', RATE_LIMIT_CONTACT_HOURLY: '3' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) { id receivedAt } }`;
/** Each test speaks from its own address so the per-IP budget of one never spends another's. */
let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq += 1)}`;
const storedCount = () => t.services.ds.getRepository(ContactMessage).count();

describe('contact form (GraphQL and REST)', () => {
  it('stores the message and mails it to support with the visitor as reply-to (GraphQL)', async () => {
    const res = await t
      .gql(SEND, {
        input: {
          name: 'Grace Hopper',
          email: 'Grace@Example.test',
          subject: 'Plans',
          message: 'How do the Gold plan payouts work?',
        },
      })
      .set('x-forwarded-for', nextIp());
    expect(res.body.errors).toBeUndefined();
    const { id } = res.body.data.sendContactMessage;
    const stored = await t.services.ds.getRepository(ContactMessage).findOneByOrFail({ id });
    expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.test', subject: 'Plans' });
    await smtp.waitFor('support@example.com', /Gold plan payouts/);
    const mail = smtp.mails.find((m) => m.raw.includes(id))!;
    expect(mail.raw).toMatch(/Reply-To: grace@example.test/i);
    expect(mail.raw).toMatch(/Subject: CryptoVest contact: Plans/);
    // Marked as mailed once the SMTP server accepted it (recorded just after, by the delivery).
    await t.services.background.idle();
    await expect(t.services.ds.getRepository(ContactMessage).findOneByOrFail({ id })).resolves.toHaveProperty(
      'mailedAt',
      expect.any(Date),
    );
  });

  it('accepts the legacy REST path, with or without a {data} wrapper', async () => {
    const res = await t.http
      .post('/api/contact')
      .set('x-forwarded-for', nextIp())
      .send({ data: { name: 'Alan Turing', email: 'alan@example.test', message: 'Please call me back tomorrow.' } });
    expect(res.status).toBe(201);
    expect(res.body.data._id).toBe(res.body.data.id);
    await smtp.waitFor('support@example.com', /call me back tomorrow/);
  });

  it('refuses bad input with the form messages and stores nothing', async () => {
    const before = await storedCount();
    const res = await t.http
      .post('/api/contact')
      .set('x-forwarded-for', nextIp())
      .send({ name: 'Al', email: 'not-an-email', message: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', error: MSG.nameTooShort }),
        expect.objectContaining({ field: 'email', error: MSG.invalidEmail }),
        expect.objectContaining({ field: 'message', error: MSG.messageTooShort }),
      ]),
    );
    const gql = await t
      .gql(SEND, { input: { name: 'Ada', email: 'a@b.test', message: 'x'.repeat(5001) } })
      .set('x-forwarded-for', nextIp());
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await storedCount()).toBe(before);
  });

  it('limits messages per IP (429 with a retry time) without touching other visitors', async () => {
    const ip = nextIp();
    const send = (from: string) =>
      t.http
        .post('/api/contact')
        .set('x-forwarded-for', from)
        .send({ name: 'Spammer', email: 's@example.test', message: 'Buy my thing now!!' });
    for (let i = 0; i < 3; i += 1) expect((await send(ip)).status).toBe(201);
    const refused = await send(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].error).toMatch(/^Too many messages\. Try again in \d+ (seconds|minutes)\.$/);
    expect((await send(nextIp())).status).toBe(201);
  });

  it('keeps the message when the mail server is down, marked unmailed and queued for a retry', async () => {
    const down = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true', TRUST_PROXY: 'true' });
    try {
      const res = await down.http
        .post('/api/contact')
        .set('x-forwarded-for', nextIp())
        .send({ name: 'Mail Down', email: 'down@example.test', message: 'Is anyone reading this?' });
      expect(res.status).toBe(201);
      await down.services.background.idle(); // the first delivery attempt, refused
      const stored = await down.services.ds.getRepository(ContactMessage).findOneByOrFail({ id: res.body.data.id });
      expect(stored.mailedAt).toBeNull();
      const [row] = await down.services.ds.query(
        `SELECT status, attempts, last_error FROM mail_outbox WHERE contact_message_id = $1`,
        [stored.id],
      );
      expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      await down.close();
    }
  });
});

describe('site config over the API', () => {
  it('serves the same public content through GraphQL and REST', async () => {
    const gql = await t.gql(
      '{ site { brandName companyName companyId supportEmail signupBonus figures { activeInvestors profitRaisedMillions } social { telegram } } }',
    );
    expect(gql.body.data.site).toMatchObject({
      brandName: 'CryptoVest',
      supportEmail: 'support@example.com',
      signupBonus: '100',
      figures: { activeInvestors: 500, profitRaisedMillions: 25 },
      social: { telegram: null },
    });
    const rest = await t.http.get('/api/site');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ brandName: 'CryptoVest', companyId: gql.body.data.site.companyId });
  });
});
