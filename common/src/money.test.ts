import { EMPTY_VALUE, formatMoney, isMoneyText, unformatMoney } from './money';

describe('formatMoney', () => {
  it('prefixes $, groups thousands and keeps up to 5 decimals', () => {
    expect(formatMoney('1234567.123456')).toBe('$1,234,567.12346');
    expect(formatMoney('150')).toBe('$150');
    expect(formatMoney('0.1')).toBe('$0.1');
  });
  it('is exact where floats are not', () => {
    expect(formatMoney('0.30000000000000004', { maxDecimals: 2 })).toBe('$0.3');
    expect(formatMoney('99999999999999999.99')).toBe('$99,999,999,999,999,999.99');
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
