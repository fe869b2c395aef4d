import { MSG, TOAST } from '../messages';
import { planRangeMessage, withdrawalMinMessage } from './message-templates';
import { CATALOGUES } from './catalogues';
import { LOCALES } from './locales';
import { localizedMessage, translatorFor } from './translate';
import { NAMESPACES } from './namespaces';

/** The `{{name}}` placeholders of a catalogue text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** A key without its plural suffix ("{{count}} deposits_one" -> "{{count}} deposits"). */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the message catalogues', () => {
  it.each(NAMESPACES.flatMap((ns) => LOCALES.filter((l) => l !== 'en').map((l) => [ns, l] as const)))(
    '%s: every English key has a %s text (each of its plural forms) with the same placeholders, and no other keys',
    (ns, locale) => {
      const english = CATALOGUES.en[ns];
      const other = CATALOGUES[locale][ns];
      // A language's own plural forms: Spanish has "many" (1.000.000) beside "one" and "other".
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const ownForms = Object.keys(english).flatMap((key) =>
        key.endsWith('_other') ? categories.map((c) => `${pluralBase(key)}_${c}`) : [key],
      );
      const expected = new Set([...Object.keys(english).filter((key) => !key.endsWith('_one')), ...ownForms]);
      if (!categories.includes('one')) for (const key of Object.keys(english)) expected.delete(key);
      const missing = [...expected].filter((key) => !other[key]?.trim());
      const extra = Object.keys(other).filter((key) => !expected.has(key));
      // A plural form says the same values as the English form it stands for.
      const englishOf = (key: string) => english[key] ?? english[`${pluralBase(key)}_other`];
      const mismatched = Object.keys(other).filter(
        (key) =>
          englishOf(key) !== undefined && placeholders(englishOf(key)).join() !== placeholders(other[key]).join(),
      );
      expect({ missing, extra, mismatched }).toEqual({ missing: [], extra: [], mismatched: [] });
    },
  );

  it.each(NAMESPACES)('%s: each English text is its own key (the specification wording is the key)', (ns) => {
    const english = CATALOGUES.en[ns];
    const differing = Object.keys(english).filter((key) => !/_(one|other)$/.test(key) && english[key] !== key);
    expect(differing).toEqual([]);
    // A plural's forms all start from one key with a count.
    const plurals = Object.keys(english).filter((key) => /_(one|other)$/.test(key));
    for (const key of plurals) expect(placeholders(pluralBase(key)).includes('count')).toBe(true);
  });

  it('holds every shared validation message and toast', () => {
    const common = CATALOGUES.en.common;
    const absent = [...Object.values(MSG), ...Object.values(TOAST)].filter((text) => !(text in common));
    expect(absent).toEqual([]);
  });

  it('says a shared message in each language, and English exactly as the specification', () => {
    expect(translatorFor('en')(MSG.invalidEmail)).toBe('Invalid email');
    expect(translatorFor('es')(MSG.invalidEmail)).toBe('Correo electrónico no válido');
    expect(translatorFor('de')(TOAST.withdrawalSent)).toBe('Auszahlungsanfrage gesendet');
  });

  it('says a message built from values again with those values, money in the language’s own way', () => {
    const english = withdrawalMinMessage('$1,000.00');
    expect(english).toBe('amount is too small: the smallest withdrawal is $1,000.00');
    expect(localizedMessage('en', english)).toBe(english);
    expect(localizedMessage('de', english)).toBe(
      'der Betrag ist zu klein: die kleinste Auszahlung beträgt 1.000,00\u00a0$',
    );
    expect(localizedMessage('es', english)).toBe(
      'el importe es demasiado pequeño: la retirada mínima es de 1000,00\u00a0US$',
    );
    const range = planRangeMessage({ name: 'Gold Plan', minAmount: '5000', maxAmount: '19999.5' });
    expect(range).toBe('The Gold Plan plan takes deposits between $5,000.00 and $19,999.50');
    expect(localizedMessage('de', range)).toBe(
      'Der Tarif Gold Plan nimmt Einzahlungen zwischen 5.000,00\u00a0$ und 19.999,50\u00a0$ an',
    );
  });

  it('leaves a message without a translation in English', () => {
    expect(localizedMessage('de', 'a message no catalogue has')).toBe('a message no catalogue has');
  });
});
