import fc from 'fast-check';
import { EMPTY_VALUE } from '../money';
import { formatMoneyIn, numberSeparators, parseAmountIn } from './money-format';

describe('formatMoneyIn', () => {
  it('writes dollars the way each language does, cents always shown', () => {
    expect(formatMoneyIn('en', '1457.4')).toBe('$1,457.40');
    expect(formatMoneyIn('de', '1457.4')).toBe('1.457,40\u00a0$');
    expect(formatMoneyIn('es', '1457.4')).toBe('1457,40\u00a0US$');
    expect(formatMoneyIn('es', '12457.4')).toBe('12.457,40\u00a0US$');
    expect(formatMoneyIn('de', '-5')).toBe('-5,00\u00a0$');
    expect(formatMoneyIn('de', '0.12345')).toBe('0,12345\u00a0$');
  });

  it('is exact for any length and rounds half away from zero at the last decimal kept', () => {
    expect(formatMoneyIn('de', '12345678901234567.123455')).toBe('12.345.678.901.234.567,12346\u00a0$');
    expect(formatMoneyIn('de', '2.005', { maxDecimals: 2 })).toBe('2,01\u00a0$');
    expect(formatMoneyIn('de', '-2.005', { maxDecimals: 2 })).toBe('-2,01\u00a0$');
    expect(formatMoneyIn('de', '-0.001', { maxDecimals: 2 })).toBe('0,00\u00a0$');
  });

  it('gives the em dash for nothing or what is not a decimal', () => {
    for (const bad of [null, undefined, '', 'abc', '1,000', '1e5', Number.NaN, Infinity])
      expect(formatMoneyIn('de', bad)).toBe(EMPTY_VALUE);
  });

  it('agrees with the English figure in every language: same digits, same rounding', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.stringMatching(/^\d{0,8}$/))
      .map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom('de', 'es') as fc.Arbitrary<'de' | 'es'>, (value, locale) => {
        const english = formatMoneyIn('en', value).replace(/[$,]/g, '');
        const { decimal: point, group } = numberSeparators(locale);
        const local = formatMoneyIn(locale, value)
          .replace(/\u00a0?(US)?\$/, '')
          .split(group)
          .join('')
          .replace(point, '.');
        return local === english;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseAmountIn', () => {
  it.each([
    ['en', '1,457.40', '1457.40'],
    ['en', '$ 1457.4', '1457.4'],
    ['de', '1.457,40', '1457.40'],
    ['de', '1457,4 $', '1457.4'],
    ['es', '1457,40', '1457.40'],
    ['es', '12.457,40 US$', '12457.40'],
    ['de', '150', '150'],
    ['de', '-3,5', '-3.5'],
  ] as const)('%s reads %p as %p', (locale, typed, plain) => {
    expect(parseAmountIn(locale, typed)).toBe(plain);
  });

  it.each([
    ['de', '1457.40'], // "." groups in German: never read as 145740
    ['de', '1,457,40'],
    ['en', '1457,40'],
    ['en', '1,45.00'],
    ['de', ''],
    ['de', 'abc'],
    ['de', '1,2,3'],
    ['en', '.5.'],
  ] as const)('%s refuses %p', (locale, typed) => {
    expect(parseAmountIn(locale, typed)).toBeNull();
  });

  it('reads back what it formats, in every language', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('en', 'de', 'es') as fc.Arbitrary<'en' | 'de' | 'es'>,
        (whole, cents, locale) => {
          const plain = `${whole}.${String(cents).padStart(2, '0')}`;
          return parseAmountIn(locale, formatMoneyIn(locale, plain, { maxDecimals: 2 })) === plain;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
