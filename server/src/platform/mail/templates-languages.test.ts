import {
  chainAlertMail,
  codesLockedMail,
  enrolmentCodeMail,
  type MailContent,
  type MailContext,
  notificationMail,
  passwordChangedMail,
  resetPasswordMail,
  secondFactorLockedMail,
  securityNoticeMail,
  verifyEmailMail,
  webhookDisabledMail,
  withdrawalAddressMail,
  withdrawalRequestedMail,
} from './templates';
import { mailDay, mailDollars, mailTime } from './formats';

// Issue 39: every mail to an account is written in the account's language — subject, text and
// HTML — with money and instants as that language writes them (instants in UTC, saying so).

const de: MailContext = { brand: 'CryptoVest', locale: 'de' };
const es: MailContext = { brand: 'CryptoVest', locale: 'es' };
const at = new Date('2026-03-05T14:07:09Z');

/** Expects `words` in the subject (when given), the text and the HTML (escaped there). */
function expectSays(mail: MailContent, { subject, body }: { subject?: string; body: string[] }) {
  if (subject !== undefined) expect(mail.subject).toBe(subject);
  const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  for (const words of body) {
    expect(mail.text).toContain(words);
    expect(mail.html).toContain(html(words));
  }
}

describe('mail formats', () => {
  it('writes money, instants and days in the language, English as before', () => {
    expect(mailDollars('en', '1457.40')).toBe('$1457.40');
    expect(mailDollars('de', '1457.40')).toBe('1.457,40\u00a0$');
    expect(mailDollars('es', '1457.40')).toBe('1457,40\u00a0US$');
    expect(mailTime('en', at)).toBe('Thu, 05 Mar 2026 14:07:09 GMT');
    expect(mailTime('de', at)).toBe('Donnerstag, 5. März 2026 um 14:07:09 UTC');
    expect(mailTime('es', at)).toBe('jueves, 5 de marzo de 2026, 14:07:09 UTC');
    expect(mailDay('en', at)).toBe('Thu, 05 Mar 2026');
    expect(mailDay('de', at)).toBe('Donnerstag, 5. März 2026');
  });
});

describe('mails in German', () => {
  it('sends codes with the greeting, the code and how long it works', () => {
    const verify = verifyEmailMail(de, 'Jörg', '493817', 15);
    expectSays(verify, {
      subject: 'CryptoVest: dein Bestätigungscode lautet 493817',
      body: ['Hallo Jörg,', 'Er ist 15 Minuten lang gültig.'],
    });
    expect(verify.text).toContain('Dein CryptoVest-Bestätigungscode lautet: 493817');
    expect(verify.html).toContain('Bestätige deine E-Mail-Adresse');
    expect(verify.html).toContain('Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.');
    expect(verify.html).toContain('493817');

    const reset = resetPasswordMail(de, null, '120044', 1);
    expectSays(reset, {
      subject: 'CryptoVest: dein Code zum Zurücksetzen des Passworts lautet 120044',
      body: ['Hallo,', 'Er ist 1 Minute lang gültig.'],
    });
    expect(reset.html).toContain('Setze dein Passwort zurück');
  });

  it('says security notices in German, with names in German quotes and instants in UTC', () => {
    expectSays(passwordChangedMail(de, 'Jörg'), {
      subject: 'CryptoVest: dein Passwort wurde geändert',
      body: [
        'Das Passwort deines CryptoVest-Kontos wurde soeben geändert. Alle anderen Sitzungen wurden abgemeldet.',
        'Wenn du das nicht warst, setze jetzt dein Passwort zurück und kontaktiere den Support.',
      ],
    });
    const passkey = securityNoticeMail(de, 'Jörg', 'passkey_added', 'Laptop <Büro>');
    expectSays(passkey, { subject: 'CryptoVest: Passkey hinzugefügt', body: ['Ein Passkey („Laptop <Büro>“) wurde'] });
    expect(passkey.html).toContain('<h2 style="font-size:17px;margin:0 0 16px">Passkey hinzugefügt</h2>');
    expect(passkey.html).toContain('Du erhältst diesen Hinweis bei jeder solchen Änderung an deinem Konto.');
    expectSays(securityNoticeMail(de, null, 'recovery_code_used', 1), {
      subject: 'CryptoVest: ein Wiederherstellungscode wurde verwendet',
      body: ['Dir bleibt noch 1 Wiederherstellungscode.'],
    });
    expectSays(securityNoticeMail(de, null, 'recovery_code_used', 7), {
      body: ['Dir bleiben noch 7 Wiederherstellungscodes.'],
    });
    expectSays(securityNoticeMail(de, null, 'api_key_created', 'CI'), {
      subject: 'CryptoVest: neuer API-Schlüssel',
      body: ['Für dein CryptoVest-Konto wurde ein API-Schlüssel („CI“) erstellt.'],
    });
    for (const event of ['totp_enrolled', 'totp_disabled', 'passkey_removed', 'recovery_codes_regenerated'] as const)
      expect(securityNoticeMail(de, null, event, 'x').text).toContain('Hallo,\n\n');
    expectSays(securityNoticeMail(de, null, 'second_factor_reset'), {
      subject: 'CryptoVest: Zwei-Faktor-Anmeldung von einem Betreiber zurückgesetzt',
      body: ['Ein Betreiber hat alle zweiten Faktoren deines CryptoVest-Kontos entfernt'],
    });
    expectSays(codesLockedMail(de, null, at), {
      subject: 'CryptoVest: E-Mail-Codes nach zu vielen Fehlversuchen gesperrt',
      body: ['bis Donnerstag, 5. März 2026 um 14:07:09 UTC keinen Code an.'],
    });
    expectSays(secondFactorLockedMail(de, null, at), {
      subject: 'CryptoVest: Anmeldecodes gesperrt: ändere dein Passwort',
      body: ['Deshalb wird bis Donnerstag, 5. März 2026 um 14:07:09 UTC keiner angenommen.'],
    });
    const enrol = enrolmentCodeMail(de, 'Jörg', 'ABCD-1234', at);
    expectSays(enrol, {
      subject: 'CryptoVest: dein Einrichtungscode für die Zwei-Faktor-Anmeldung',
      body: ['Er gilt einmalig, bis Donnerstag, 5. März 2026 um 14:07:09 UTC.'],
    });
    expect(enrol.text).toContain('gib diesen Einrichtungscode ein: ABCD-1234');
    expect(enrol.html).toContain('Wenn du ihn nicht angefordert hast, kennt jemand dein Passwort: Ändere es jetzt.');
  });

  it('writes money the German way in withdrawal and chain mails', () => {
    expectSays(withdrawalRequestedMail(de, 'Jörg', { amount: '1457.40', coin: 'bitcoin', address: 'bc1qxyz' }), {
      subject: 'CryptoVest: Auszahlung von 1.457,40\u00a0$ angefordert',
      body: [
        'Von deinem CryptoVest-Konto wurde eine Auszahlung von 1.457,40\u00a0$ in bitcoin an bc1qxyz angefordert.',
        'Sie wird gesendet, sobald sie bearbeitet wurde.',
      ],
    });
    const changes = [
      { coin: 'BTC', address: null, coolsDownUntil: null },
      { coin: 'USDT', address: 'TXyz', coolsDownUntil: at },
    ];
    expectSays(withdrawalAddressMail(de, null, changes), {
      subject: 'CryptoVest: deine Auszahlungsadressen wurden geändert',
      body: [
        'Deine BTC-Auszahlungsadresse wurde entfernt.',
        'Deine USDT-Auszahlungsadresse wurde auf TXyz gesetzt.',
        'Zu deiner Sicherheit kann sie erst ab Donnerstag, 5. März 2026 um 14:07:09 UTC Auszahlungen empfangen.',
      ],
    });
    expectSays(chainAlertMail(de, { coin: 'ethereum', txid: '0xabc', amount: '1457.4', investor: 'a@b.test' }), {
      subject: 'CryptoVest: eine gutgeschriebene Einzahlung hat die Chain verlassen',
      body: ['Eine bereits gutgeschriebene ethereum-Einzahlung von 1.457,40\u00a0$ (a@b.test) ist nicht mehr'],
    });
  });

  it('frames a notification and a disabled webhook in German', () => {
    const links = { view: 'https://x.test/dashboard', settings: 'https://x.test/dashboard/settings' };
    const mail = notificationMail(de, 'Jörg', { title: 'Einzahlung bestätigt', body: 'Eins\nZwei' }, links);
    expectSays(mail, {
      subject: 'CryptoVest: Einzahlung bestätigt',
      body: [
        'Hallo Jörg,',
        'Du erhältst diese E-Mails, weil Kontobenachrichtigungen aktiviert sind. Deaktiviere sie in den Einstellungen: https://x.test/dashboard/settings',
      ],
    });
    expect(mail.text).toContain('Sieh es dir in deinem Dashboard an: https://x.test/dashboard');
    expect(mail.html).toContain('<a href="https://x.test/dashboard">Dashboard öffnen</a>');
    const hook = webhookDisabledMail(de, null, {
      host: 'hooks.test',
      description: 'Buchhaltung',
      failingSince: at,
      lastError: 'HTTP 500',
    });
    expectSays(hook, {
      subject: 'CryptoVest: Webhook-Endpunkt deaktiviert',
      body: [
        'Dein Webhook-Endpunkt „Buchhaltung“ (hooks.test) wurde deaktiviert: Jede Zustellung an ihn ist seit Donnerstag, 5. März 2026 um 14:07:09 UTC fehlgeschlagen.',
        'Der letzte Versuch schlug fehl mit: HTTP 500',
      ],
    });
    expect(hook.html).toContain('Du erhältst diese E-Mail, weil dir dieser Webhook-Endpunkt gehört.');
  });
});

describe('mails in Spanish', () => {
  it('says every kind of mail in Spanish, money and dates the Spanish way', () => {
    const verify = verifyEmailMail(es, 'Lucía', '493817', 15);
    expectSays(verify, {
      subject: 'CryptoVest: tu código de verificación es 493817',
      body: ['Hola, Lucía:', 'Caduca en 15 minutos.'],
    });
    expect(verify.html).toContain('Verifica tu correo electrónico');
    expectSays(resetPasswordMail(es, null, '120044', 15), {
      subject: 'CryptoVest: tu código para restablecer la contraseña es 120044',
      body: ['Hola:'],
    });
    expectSays(passwordChangedMail(es, null), {
      subject: 'CryptoVest: se ha cambiado tu contraseña',
      body: ['Se acaba de cambiar la contraseña de tu cuenta de CryptoVest.'],
    });
    expectSays(securityNoticeMail(es, null, 'passkey_removed', 'Móvil'), {
      subject: 'CryptoVest: llave de acceso eliminada',
      body: ['Se ha eliminado la llave de acceso «Móvil» de tu cuenta de CryptoVest.'],
    });
    expectSays(securityNoticeMail(es, null, 'recovery_code_used', 3), {
      body: ['Te quedan 3 códigos de recuperación.'],
    });
    expectSays(codesLockedMail(es, null, at), {
      body: ['no aceptarán ningún código hasta el jueves, 5 de marzo de 2026, 14:07:09 UTC.'],
    });
    expectSays(secondFactorLockedMail(es, null, at), {
      subject: 'CryptoVest: códigos de inicio de sesión bloqueados: cambia tu contraseña',
      body: ['Es posible que alguien conozca tu contraseña: cámbiala ahora.'],
    });
    expectSays(enrolmentCodeMail(es, null, 'ABCD-1234', at), {
      body: ['Sirve una sola vez, hasta el jueves, 5 de marzo de 2026, 14:07:09 UTC.'],
    });
    expectSays(withdrawalRequestedMail(es, null, { amount: '1457.40', coin: 'USDT', address: 'TXyz' }), {
      subject: 'CryptoVest: retirada de 1457,40\u00a0US$ solicitada',
      body: ['Se ha solicitado desde tu cuenta de CryptoVest una retirada de 1457,40\u00a0US$ en USDT a TXyz.'],
    });
    expectSays(withdrawalAddressMail(es, null, [{ coin: 'BTC', address: 'bc1q', coolsDownUntil: at }]), {
      subject: 'CryptoVest: tus direcciones de retirada han cambiado',
      body: ['Por tu seguridad, podrá recibir retiradas a partir del jueves, 5 de marzo de 2026, 14:07:09 UTC.'],
    });
    expectSays(chainAlertMail(es, { coin: 'USDT', txid: '0x1', amount: '20', investor: 'a@b.test' }), {
      body: ['Un depósito de USDT ya abonado de 20,00\u00a0US$ (a@b.test) ya no está en la cadena: transacción 0x1.'],
    });
    const links = { view: 'https://x.test/dashboard', settings: 'https://x.test/dashboard/settings' };
    const note = notificationMail(es, null, { title: 'Depósito confirmado', body: 'Texto' }, links);
    expectSays(note, { subject: 'CryptoVest: Depósito confirmado', body: ['Desactívalas en Ajustes:'] });
    expect(note.html).toContain('>Abrir tu panel</a>');
    expectSays(webhookDisabledMail(es, null, { host: 'h.test', description: '', failingSince: at, lastError: null }), {
      subject: 'CryptoVest: endpoint de webhook desactivado',
      body: ['Se ha desactivado tu endpoint de webhook h.test: todas las entregas han fallado desde el jueves'],
    });
  });

  it('never reads a name or detail as catalogue syntax', () => {
    const mail = securityNoticeMail(es, '{{brand}} $t(Hola:)', 'api_key_created', '{{detail}}');
    expect(mail.text).toContain('Hola, {{brand}} $t(Hola:):');
    expect(mail.text).toContain('(«{{detail}}»)');
  });
});
