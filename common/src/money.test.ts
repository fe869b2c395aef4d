import { EMPTY_VALUE, formatMoney, isMoneyText, unformatMoney } from './money';

describe('formatMoney', () => {
  it('prefixes $, groups thousands and keeps up to 5 decimals', () => {
    expect(formatMoney('1234567.123456')).toBe('$1,234,567.12346');
    expect(formatMoney('150')).toBe('$150.00');
    expect(formatMoney('0.1')).toBe('$0.10');
  });
  it('rounds half up past the last decimal, carrying into whole dollars', () => {
    expect(formatMoney('0.999995')).toBe('$1.00');
    expect(formatMoney('1999.999996')).toBe('$2,000.00');
    expect(formatMoney('1.234564')).toBe('$1.23456');
    expect(formatMoney('12.345', { maxDecimals: 2 })).toBe('$12.35');
    expect(formatMoney('99.995', { maxDecimals: 0 })).toBe('$100');
  });

  it('handles signs, zeros and plain numbers', () => {
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatMoney('-0.000001')).toBe('$0.00');
    expect(formatMoney('000123.100')).toBe('$123.10');
    expect(formatMoney(1e-7, { maxDecimals: 7 })).toBe('$0.0000001');
    expect(formatMoney(Number.NaN)).toBe('\u2014');
    expect(formatMoney('1e5')).toBe('\u2014');
    expect(formatMoney(' 42 ')).toBe('$42.00');
  });

  it('is exact where floats are not', () => {
    expect(formatMoney('0.30000000000000004', { maxDecimals: 2 })).toBe('$0.30');
    expect(formatMoney('99999999999999999.99')).toBe('$99,999,999,999,999,999.99');
  });
  it('always shows the cents (issue 38 defect 3: "$123.4" read as a typo), unless told otherwise', () => {
    expect(formatMoney('123.4')).toBe('$123.40');
    expect(formatMoney('10')).toBe('$10.00');
    expect(formatMoney('0.12345')).toBe('$0.12345');
    expect(formatMoney('150', { minDecimals: 0 })).toBe('$150');
    expect(formatMoney('2.5', { prefix: '', minDecimals: 0 })).toBe('2.5');
  });
  it('shows an em dash for empty or non-numeric values instead of NaN', () => {
    expect(formatMoney(null)).toBe(EMPTY_VALUE);
    expect(formatMoney('')).toBe(EMPTY_VALUE);
    expect(formatMoney('abc')).toBe(EMPTY_VALUE);
  });
});

describe('money text helpers', () => {
  it('strips dollar signs and commas', () => {
    expect(unformatMoney('$1,200.50')).toBe('1200.50');
  });
  it('checks decimals', () => {
    expect(isMoneyText('100', 0)).toBe(true);
    expect(isMoneyText('100.5', 0)).toBe(false);
    expect(isMoneyText('100.55', 2)).toBe(true);
    expect(isMoneyText('100.555', 2)).toBe(false);
    expect(isMoneyText('-1', 2)).toBe(false);
  });
});
