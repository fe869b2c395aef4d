import { COUNTRIES, EMPTY_VALUE } from '@cryptovest/common';

const names = new Map(COUNTRIES.map(({ code, name }) => [code, name]));

/** A country's name from its two-letter code (the code itself when unknown, em dash when empty). */
export function countryName(code: string | null | undefined): string {
  if (!code) return EMPTY_VALUE;
  return names.get(code.toUpperCase()) ?? code;
}
