import { COUNTRIES } from '@cryptovest/common';

/** Which columns a list's search box looks at (SPEC §2: each admin table has its own rule). */
export interface SearchRule {
  /** Full name starting with the text. */
  namePrefix: boolean;
  /** Full name ending with the text (served by the reversed-name index). */
  nameSuffix: boolean;
  /** E-mail starting with the text. */
  emailPrefix: boolean;
  /** Country (ISO code) starting with the text. */
  countryPrefix: boolean;
  /** Country whose English name starts with the text ("Ger" finds DE), accents ignored. */
  countryName: boolean;
}

/** Folds text for name matching: lower case, accents and apostrophe variants removed ("Côte" -> "cote"). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .toLowerCase();

/** Country names folded once, with their codes in lower case (how the country index stores them). */
const FOLDED_COUNTRIES = COUNTRIES.map((c) => ({ name: fold(c.name), code: c.code.toLowerCase() }));

/** Codes (lower case) of the countries whose English name starts with `text` (already trimmed). */
export function countryCodesNamed(text: string): string[] {
  const wanted = fold(text);
  return wanted ? FOLDED_COUNTRIES.filter((c) => c.name.startsWith(wanted)).map((c) => c.code) : [];
}

/** Escapes LIKE wildcards so a search for "a_b%" means exactly that text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL condition (with named parameters for TypeORM's query builder) matching user alias `u` against
 * `search`, case-insensitively. Every branch is a prefix match on an expression index
 * (text_pattern_ops): lower(full_name), reverse(lower(full_name)), email, lower(country), so the
 * planner combines index scans and never scans the whole table. Null when there is no search.
 */
export function userSearchCondition(
  search: string | undefined | null,
  rule: SearchRule,
  u = 'u',
): { sql: string; params: { searchStarts: string; searchReversed: string; searchCountries?: string[] } } | null {
  const text = search?.trim().toLowerCase().slice(0, 100);
  if (!text) return null;
  const countries = rule.countryName ? countryCodesNamed(text) : [];
  const params = {
    searchStarts: `${escapeLike(text)}%`,
    searchReversed: `${escapeLike([...text].reverse().join(''))}%`,
    ...(countries.length ? { searchCountries: countries } : {}),
  };
  const branches: string[] = [];
  if (rule.namePrefix) branches.push(`lower(${u}.full_name) LIKE :searchStarts`);
  if (rule.emailPrefix) branches.push(`${u}.email LIKE :searchStarts`);
  if (rule.countryPrefix) branches.push(`lower(${u}.country) LIKE :searchStarts`);
  // Equality on the same lower(country) index (pattern operator classes serve = too).
  if (countries.length) branches.push(`lower(${u}.country) IN (:...searchCountries)`);
  if (rule.nameSuffix) branches.push(`reverse(lower(${u}.full_name)) LIKE :searchReversed`);
  return { sql: `(${branches.join(' OR ')})`, params };
}

/**
 * Users table: full name, e-mail or country (code or English name) starting with the text, or full
 * name ending with it.
 */
export const USERS_SEARCH: SearchRule = {
  namePrefix: true,
  nameSuffix: true,
  emailPrefix: true,
  countryPrefix: true,
  countryName: true,
};
/** Accounts table: full name start or end, e-mail start, country (code or name) start. */
export const ACCOUNTS_SEARCH: SearchRule = USERS_SEARCH;
/** Transactions table: the user's full name (start or end). */
export const TRANSACTIONS_SEARCH: SearchRule = {
  namePrefix: true,
  nameSuffix: true,
  emailPrefix: false,
  countryPrefix: false,
  countryName: false,
};
