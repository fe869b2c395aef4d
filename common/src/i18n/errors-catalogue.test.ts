import { CATALOGUES } from './catalogues';
import { ANSWER_READERS, ANSWER_TEMPLATES } from './answer-templates';
import { localizeMessage, MESSAGE_TEMPLATES } from './message-templates';
import { translatorFor } from './translate';

// Issue 39: the API's error answers (AppError messages, English as the server words them) said
// in the asker's language from the `errors` catalogue, values and money kept.

const say = (locale: 'de' | 'es', english: string) =>
  localizeMessage(translatorFor(locale, 'errors'), english, ANSWER_READERS);

describe('the errors catalogue', () => {
  it('holds every message template (or `common` does), so each can be said again with its values', () => {
    const known = { ...CATALOGUES.en.common, ...CATALOGUES.en.errors };
    expect(Object.values({ ...MESSAGE_TEMPLATES, ...ANSWER_TEMPLATES }).filter((t) => !(t in known))).toEqual([]);
  });

  it('says fixed messages in German and Spanish', () => {
    expect(say('de', 'Internal server error')).toBe('Interner Serverfehler');
    expect(say('es', 'The service is temporarily unavailable. Try again in a moment.')).toBe(
      'El servicio no está disponible temporalmente. Inténtalo de nuevo en un momento.',
    );
    expect(say('de', 'Invalid email or password')).toBe('Ungültige E-Mail-Adresse oder ungültiges Passwort');
    // A validation message kept in `common` is found from here too.
    expect(say('de', 'Invalid email')).toBe('Ungültige E-Mail-Adresse');
  });

  it('says messages built from values again, money in the language’s way', () => {
    expect(say('de', 'The amount is more than your available balance ($1457.40)')).toBe(
      'Der Betrag ist höher als dein verfügbares Guthaben (1.457,40\u00a0$)',
    );
    expect(
      say(
        'es',
        'The amount is more than your available balance ($5.00); your $20.00 bonus unlocks with your first deposit',
      ),
    ).toBe(
      'El importe supera tu saldo disponible (5,00\u00a0US$); tu bono de 20,00\u00a0US$ se desbloquea con tu primer depósito',
    );
    expect(say('de', 'Too many requests. Try again in 5 minutes.')).toBe(
      'Zu viele Anfragen. Versuche es in 5 Minuten erneut.',
    );
    expect(say('es', 'Too many attempts. Try again in 1 second.')).toBe(
      'Demasiados intentos. Inténtalo de nuevo en 1 segundo.',
    );
    expect(say('de', 'Wait 45 seconds before asking for a new code')).toBe(
      'Warte 45 Sekunden, bevor du einen neuen Code anforderst',
    );
    expect(say('de', 'A statement covers at most 366 days; this period has 400')).toBe(
      'Ein Kontoauszug umfasst höchstens 366 Tage; dieser Zeitraum hat 400',
    );
  });
});
