import { CATALOGUES, type Locale } from '@cryptovest/common';
import { formatsFor } from '../../../app/i18n/useFormat';
import { noEventData } from '../../../test/dashboardFixtures';
import { testI18n } from '../../../test/i18n';
import { bellLabel } from '../notifications/NotificationBell';
import { relativeTime } from '../notifications/relativeTime';
import { bannerContent } from '../overview/banner';
import { chartSummary } from '../overview/balanceSeries';
import { describeEvent, nextStep, type TimelineEvent, type TimelineTransaction } from '../timeline/timelineWording';
import { formatCountdown } from '../timeline/countdown';
import { availableBreakdown, overAvailableMessage } from '../withdraw/availableLimit';
import { cooldownSentence, usableFromText } from './addressCooldown';
import { confirmationsText } from './chainWords';
import { lockedBonusCaption, lockedBonusLine } from './lockedBonus';
import { readTypedAmount, UNREADABLE_AMOUNT } from './typedAmount';
import { ENGLISH_PLURAL_KEYS, englishText, wordingOf } from './wording';

/** The dashboard's wording in one language, from the real catalogues (as components get it). */
function wordingIn(locale: Locale) {
  const i18n = testI18n(locale);
  const t = i18n.getFixedT(locale, 'dashboard');
  return wordingOf((key, params) => t(key, params), formatsFor(locale));
}
const de = wordingIn('de');
const es = wordingIn('es');
/** Intl's spaces (no-break, narrow no-break) as plain ones, to compare with readable expectations. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const deposit: Pick<TimelineTransaction, 'trxType' | 'plan' | 'crypto'> = {
  trxType: 'DEPOSIT',
  plan: 'Starter',
  crypto: 'bitcoin',
};
const event = (kind: TimelineEvent['kind'], data: Partial<TimelineEvent['data']> = {}, reason: string | null = null) =>
  ({
    id: 'e1',
    kind,
    at: '2026-03-01T10:00:00.000Z',
    reason,
    data: { ...noEventData, ...data },
  }) as TimelineEvent;

describe('dashboard wording (issue 39)', () => {
  it('englishText says the plural keys as the English catalogue does', () => {
    const english = wordingIn('en').t;
    for (const key of ENGLISH_PLURAL_KEYS) {
      expect(CATALOGUES.en.dashboard[`${key}_one`]).toBeDefined();
      for (const count of [0, 1, 2]) {
        expect(englishText(key, { count, confirmations: 1 })).toBe(english(key, { count, confirmations: 1 }));
      }
    }
  });

  it('reads amounts typed with the language’s separators, and never guesses', () => {
    expect(readTypedAmount('de', '1.457,40')).toBe('1457.40');
    expect(readTypedAmount('de', ' 40,50 ')).toBe('40.50');
    expect(readTypedAmount('de', '40.50')).toBe(UNREADABLE_AMOUNT);
    expect(readTypedAmount('es', '1.457,40 $')).toBe('1457.40');
    expect(readTypedAmount('de', '')).toBe('');
    expect(readTypedAmount('en', '40.50')).toBe('40.50'); // English as typed, as before
  });

  it('says confirmations, countdowns and times in German and Spanish', () => {
    expect(confirmationsText(1, 3, de.t)).toBe('1 von 3 Bestätigungen');
    expect(confirmationsText(1, 1, de.t)).toBe('1 von 1 Bestätigung');
    expect(confirmationsText(2, null, es.t)).toBe('2 confirmaciones');
    expect(formatCountdown((26 * 60 + 5) * 60_000, de.t)).toBe('1 T 02 h 05 min');
    expect(formatCountdown(65_000, es.t)).toBe('1 min 05 s');
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(relativeTime('2026-03-01T11:55:00.000Z', now, de)).toBe('vor 5 Min.');
    expect(relativeTime('2026-03-01T11:59:30.000Z', now, es)).toBe('ahora mismo');
    const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-02-20T08:30:00.000Z'),
    );
    expect(relativeTime('2026-02-20T08:30:00.000Z', now, de)).toBe(when);
    expect(usableFromText('2026-02-20T08:30:00.000Z', de)).toBe(`nutzbar ab ${when}`);
    expect(cooldownSentence(1, de.t)).toMatch(/erst 1 Stunde später/);
    expect(cooldownSentence(24, es.t)).toMatch(/24 horas más tarde\.$/);
    expect(bellLabel(3, de.t)).toBe('Benachrichtigungen, 3 ungelesen');
  });

  it('words the timeline in German with German money and dates', () => {
    const matures = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-02T10:00:00.000Z'),
    );
    expect(describeEvent(event('CONFIRMED', { maturesAt: '2026-03-02T10:00:00.000Z' }), deposit, {}, de)).toEqual({
      title: 'Einzahlung bestätigt',
      lines: ['Dein Tarif Starter läuft.', `Fällig am ${matures}.`],
      tone: 'success',
    });
    expect(
      plain(describeEvent(event('SETTLED', { profit: '150.5', principal: '1500' }), deposit, {}, de).lines[0]),
    ).toBe('150,50 $ Gewinn und dein Kapital von 1.500,00 $ wurden deinem Guthaben gutgeschrieben.');
    expect(
      describeEvent(event('DECLINED', {}, 'wrong network'), { ...deposit, trxType: 'WITHDRAWAL' }, {}, es),
    ).toEqual({
      title: 'Retirada rechazada',
      lines: ['Motivo: wrong network'],
      tone: 'error',
    });
    const step = nextStep(
      {
        trxType: 'DEPOSIT',
        status: 'CONFIRMED',
        maturesAt: '2026-03-02T10:00:00.000Z',
        settledAt: null,
        settlementState: null,
        expectedProfit: '150.00',
        returnsPrincipal: false,
        amount: '1500.00',
      },
      es,
    );
    expect(step?.title).toBe('Pago al vencimiento');
    expect(plain(step?.lines[0] ?? '')).toBe('Se abonarán a tu saldo 150,00 US$ de beneficio.');
  });

  it('words the balance, the bonus, the chart and the banner in German and Spanish', () => {
    expect(plain(availableBreakdown('140', '100', '0', de) ?? '')).toBe(
      'Kontostand 140,00 $ − 40,00 $ ausstehende Auszahlungen − 100,00 $ gesperrter Bonus',
    );
    expect(plain(overAvailableMessage('1234.5', '0', es))).toBe('El importe supera tu saldo disponible (1234,50 US$)');
    expect(plain(lockedBonusLine('100', de) ?? '')).toBe(
      'Dein Bonus von 100,00 $ wird mit deiner ersten Einzahlung freigeschaltet',
    );
    expect(plain(lockedBonusCaption('100', es) ?? '')).toBe(
      'incluye un bono de 100,00 US$, que se desbloquea con tu primer depósito',
    );
    const day = (d: string, balance: string) => ({ day: d, balance, investment: '0', profit: '0' });
    expect(plain(chartSummary([day('2026-03-01', '10'), day('2026-03-02', '12.5')], 'the last 7 days', de))).toBe(
      'In den letzten 7 Tagen: Kontostand von 10,00 $ auf 12,50 $; Investition 0,00 $, unverändert; Gewinn 0,00 $, unverändert.',
    );
    expect(chartSummary([], 'the last year', es)).toBe('Sin historial en el último año.');
    const user = { announcement: null, isPremium: false, message: null, planType: null };
    expect(bannerContent(user, de.t)).toEqual({
      kind: 'upgrade',
      text: 'Wechsle zum Tarif Premium und erhalte unbegrenzten Zugang',
    });
  });
});
