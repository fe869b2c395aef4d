import { atMostCharactersMessage, CATALOGUES, localizeMessage, profileSchema, translatorFor } from '@cryptovest/common';
import { formatsFor } from '../../../app/i18n/useFormat';
import { chainResultText } from '../transactions/chainCheck';
import { statusEffect } from '../transactions/statusEffect';
import { adminWordsOf, ENGLISH, ENGLISH_PLURAL_KEYS, englishText } from './adminWords';
import { historyReasonWords } from './ledgerWords';

const german = adminWordsOf(translatorFor('de', 'admin'), formatsFor('de'));
const deposit = { trxType: 'DEPOSIT', amount: '12000.00', crypto: 'bitcoin', status: 'PENDING', owner: 'Ada Lovelace' };

describe('the admin words', () => {
  it('knows the singular of its English plural keys as the English catalogue has it', () => {
    const english = CATALOGUES.en.admin;
    for (const key of ENGLISH_PLURAL_KEYS) {
      expect(englishText(key, { count: 1, confirmations: 1 })).toBe(
        english[`${key}_one`].replace('{{count}}', '1').replace('{{confirmations}}', '1'),
      );
      expect(`${key}_other` in english).toBe(true);
    }
    expect(englishText('{{count}} confirmations', { count: 2 })).toBe('2 confirmations');
  });

  it('says English as before by default, and another language when given its words', () => {
    expect(statusEffect(deposit, 'CONFIRMED', ENGLISH)).toBe(
      "This credits $12,000.00 to Ada Lovelace's investment and Bitcoin balance.",
    );
    expect(statusEffect(deposit, 'CONFIRMED', german)).toBe(
      'Damit werden 12.000,00\u00a0$ der Investition und dem Bitcoin-Guthaben von Ada Lovelace gutgeschrieben.',
    );
    const unconfirmed = { result: 'UNCONFIRMED' as const, confirmations: 1 };
    expect(chainResultText(unconfirmed, 1, german.t)).toBe('1 von 1 Bestätigung');
    expect(chainResultText(unconfirmed, 6, translatorFor('es', 'admin'))).toBe('1 de 6 confirmaciones');
    expect(german.stamp('not a date')).toBe('\u2014');
    expect(ENGLISH.stamp('2026-11-22T04:53:00.000Z')).toMatch(/^\d{1,2} Nov 2026, \d\d:53$/);
    expect(historyReasonWords(german.t, 'ADMIN_ADJUSTMENT')).toBe('Anpassung durch Admin');
    expect(historyReasonWords(ENGLISH.t, 'SOMETHING_NEW')).toBe('something new');
  });

  it('says the admin forms’ messages in the reader’s language, limits with their number', () => {
    const spanish = translatorFor('es', 'admin');
    expect(localizeMessage(spanish, 'must be at most 500 characters')).toBe('debe tener como máximo 500 caracteres');
    expect(localizeMessage(spanish, 'A fee goes with a payout transaction id')).toBe(
      'Una comisión requiere el ID de transacción del pago',
    );
    // A shared message is found in `common`; a server's message stays as sent.
    expect(localizeMessage(german.t, 'amount must not be negative')).toBe('der Betrag darf nicht negativ sein');
    expect(localizeMessage(german.t, 'The fee must be less than the withdrawal')).toBe(
      'The fee must be less than the withdrawal',
    );
    expect(localizeMessage(englishText, 'must be at most 100 characters')).toBe('must be at most 100 characters');
  });

  it('says a shared schema’s length limit with its number on an investor’s page too (the common catalogue)', () => {
    const tooLong = profileSchema.validateSyncAt.bind(profileSchema, 'city');
    expect(() => tooLong({ city: 'x'.repeat(121) })).toThrow(atMostCharactersMessage(120));
    expect(localizeMessage(translatorFor('de'), atMostCharactersMessage(120))).toBe(
      'darf höchstens 120 Zeichen lang sein',
    );
  });
});
