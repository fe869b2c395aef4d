import { DEFAULT_LOCALE, isLocale, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7', 'es'],
    ['en;q=0.5, es;q=0.9', 'es'],
    ['ES-mx', 'es'],
    ['fr, *;q=0.1', 'en'],
    ['de;q=0, es;q=0.2', 'es'],
    ['ja, zh-CN', 'en'],
    ['de;q=abc, es', 'es'],
    ['es;q=1, de;q=1', 'es'],
    [';;;,,,q=', 'en'],
  ])('%p -> %p', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('reads only the first 32 entries of a long header', () => {
    expect(negotiateLocale(`${'xx, '.repeat(40)}de`)).toBe(DEFAULT_LOCALE);
  });

  it('knows its languages', () => {
    expect(['en', 'es', 'de', 'fr', 'EN', 1].map(isLocale)).toEqual([true, true, true, false, false, false]);
  });
});
