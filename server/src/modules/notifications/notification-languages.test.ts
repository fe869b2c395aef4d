import type { Locale } from '@cryptovest/common';
import type { MailContent } from '../../platform/mail';
import { TransactionEventKind } from '../../platform/timeline/transaction-event.entity';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { UserType } from '../user/user.entity';

// Issue 39: an investor reads their notifications and mails in their account's language
// (`app_user.locale`), through the real paths: an admin's message, a decision on a transaction,
// a password change. English accounts keep the specification's words (notifications.test.ts).

let smtp: SmtpSink;
let t: TestApp;
let admin: { token: string };
let brand: string;
/** Every mail queued through the outbox (recipient and content), as the services rendered it. */
const queued: { to: string; content: MailContent }[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url });
  brand = t.services.config.site.brandName;
  admin = await t.createUser(UserType.ADMIN);
  const queueMany = t.services.outbox.queueMany.bind(t.services.outbox);
  jest.spyOn(t.services.outbox, 'queueMany').mockImplementation((m, mails) => {
    queued.push(...mails.map((mail) => ({ to: mail.to, content: mail.content })));
    return queueMany(m, mails);
  });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const notifications = async (token: string): Promise<{ kind: string; title: string; body: string }[]> =>
  (await t.http.get('/api/notifications').set(bearer(token))).body.data;
const mailsTo = (email: string) => queued.filter((q) => q.to === email).map((q) => q.content);

async function investorIn(locale: Locale) {
  return t.createUser(UserType.INVESTOR, { locale, fullName: locale === 'de' ? 'Jörg Beispiel' : 'Lucía Ejemplo' });
}

/** A transaction of `userId` and one recorded event about it (as the status service records them). */
async function eventAbout(
  userId: string,
  trx: { type: 'DEPOSIT' | 'WITHDRAWAL'; amount: string; crypto: string },
  event: { kind: TransactionEventKind; reason?: string; data?: Record<string, unknown> },
) {
  const [{ id }] = await t.services.ds.query(
    `INSERT INTO "transaction" (user_id, trx_type, amount, crypto) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, trx.type, trx.amount, trx.crypto],
  );
  await t.services.ds.transaction((m) =>
    t.services.events.record(m, [
      { transactionId: id, userId, actorId: null, reason: null, ...event, kind: event.kind },
    ]),
  );
}

/** The decoded text of a raw RFC 822 mail's parts (quoted-printable or base64), for reading its words. */
function decodedParts(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
      return body;
    })
    .join('\n');
}

/** Waits until the SMTP server got a mail to `to` whose decoded text holds `words`. */
async function delivered(to: string, words: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!smtp.mails.some((m) => m.to.includes(to.toLowerCase()) && decodedParts(m.raw).includes(words))) {
    if (Date.now() > deadline) throw new Error(`no mail to ${to} saying "${words}"`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a German investor', () => {
  it('gets notifications and their mails in German, money the German way', async () => {
    const investor = await investorIn('de');
    const email = investor.user.email;
    const sent = await t.http
      .put(`/api/user/${investor.user.id}`)
      .set(bearer(admin.token))
      .send({ message: 'Bitte lade einen klareren Nachweis hoch' });
    expect(sent.status).toBe(200);
    await eventAbout(
      investor.user.id,
      { type: 'WITHDRAWAL', amount: '1457.4', crypto: 'usdt' },
      { kind: TransactionEventKind.DECLINED, reason: 'Adresse <unbekannt>' },
    );

    const items = await notifications(investor.token);
    expect(items.map((n) => [n.title, n.body])).toEqual([
      [
        'Auszahlung abgelehnt',
        'Deine Auszahlung von 1.457,40\u00a0$ in USDT wurde abgelehnt. Grund: Adresse <unbekannt>',
      ],
      ['Neue Nachricht vom Team', 'Bitte lade einen klareren Nachweis hoch'],
    ]);

    const [message, declined] = mailsTo(email);
    expect(message.subject).toBe(`${brand}: Neue Nachricht vom Team`);
    expect(message.text).toContain('Hallo Jörg Beispiel,\n\nBitte lade einen klareren Nachweis hoch');
    expect(message.text).toContain('Sieh es dir in deinem Dashboard an: ');
    expect(message.html).toContain('Deaktiviere sie in den Einstellungen: ');
    expect(message.html).toContain('>Dashboard öffnen</a>');
    expect(declined.subject).toBe(`${brand}: Auszahlung abgelehnt`);
    expect(declined.html).toContain('Grund: Adresse &#60;unbekannt&#62;');
    // And so they reach the mail server.
    await delivered(email, 'Deine Auszahlung von 1.457,40\u00a0$ in USDT wurde abgelehnt.');
  });

  it('gets security notices in German (a password change)', async () => {
    const investor = await investorIn('de');
    const changed = await t.http
      .put('/api/user/password')
      .set(bearer(investor.token))
      .send({ oldPassword: TEST_PASSWORD, newPassword: 'neues-passwort-1' });
    expect(changed.status).toBe(200);
    const [notice] = mailsTo(investor.user.email);
    expect(notice.subject).toBe(`${brand}: dein Passwort wurde geändert`);
    expect(notice.text).toContain(`Das Passwort deines ${brand}-Kontos wurde soeben geändert.`);
    expect(notice.html).toContain('Du erhältst diesen Hinweis bei jeder solchen Änderung an deinem Konto.');
    await delivered(investor.user.email, 'Alle anderen Sitzungen wurden abgemeldet.');
  });
});

describe('a Spanish investor', () => {
  it('gets a confirmed deposit with its term end in Spanish', async () => {
    const investor = await investorIn('es');
    await eventAbout(
      investor.user.id,
      { type: 'DEPOSIT', amount: '12500', crypto: 'ethereum' },
      { kind: TransactionEventKind.CONFIRMED, data: { maturesAt: '2026-06-01T00:00:00.000Z' } },
    );
    const [item] = await notifications(investor.token);
    expect(item).toMatchObject({
      kind: 'DEPOSIT_CONFIRMED',
      title: 'Depósito confirmado',
      body: 'Tu depósito de 12.500,00\u00a0US$ en Ethereum se ha confirmado. El plazo de su plan termina el lunes, 1 de junio de 2026.',
    });
    const [mail] = mailsTo(investor.user.email);
    expect(mail.subject).toBe(`${brand}: Depósito confirmado`);
    expect(mail.text).toContain('Hola, Lucía Ejemplo:');
    expect(mail.html).toContain('>Abrir tu panel</a>');
  });
});
