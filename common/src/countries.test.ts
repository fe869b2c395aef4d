import { EMPTY_VALUE } from './money';
import { countryName, isCountryCode } from './countries';

describe('countryName', () => {
  it('names a stored code for people, whatever its case; keeps an unknown code; an em dash for none', () => {
    expect(countryName('GH')).toBe('Ghana');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('XX')).toBe('XX');
    expect(countryName(null)).toBe(EMPTY_VALUE);
    expect(isCountryCode('GH')).toBe(true);
  });
});
