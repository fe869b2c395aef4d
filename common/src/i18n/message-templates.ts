import { formatDollars, unformatMoney } from '../money';

/** A translate function: the i18next `t` of one language (client or server). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** `{{name}}` or `{{name, format}}` in a catalogue text. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * Fills a catalogue text in English without i18next (so `common`'s schemas, which run in the
 * browser's first bundle, carry no catalogue): `dollars` values as "$1,234.50", others as given.
 */
export function fillEnglish(template: string, params: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (_all, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return format === 'dollars' ? formatDollars(value) : String(value);
  });
}

/** Escapes text for use inside a regular expression. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template with the reader of its English text: which placeholders, in order, and their formats. */
export interface TemplateReader {
  template: string;
  pattern: RegExp;
  params: { name: string; format?: string }[];
}

function readerOf(template: string): TemplateReader {
  const params: { name: string; format?: string }[] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(template.slice(last, match.index));
    source += '(.+?)';
    params.push({ name: match[1], format: match[2] });
    last = (match.index ?? 0) + match[0].length;
  }
  source += escapeRegExp(template.slice(last));
  return { template, pattern: new RegExp(`^${source}$`), params };
}

/**
 * Messages the server and the shared schemas build from values (a limit, a plan's name), so
 * their English text varies: each is a catalogue key. The client and the API's localized
 * answers read the values back out of the English text to say it in another language.
 */
export const MESSAGE_TEMPLATES = {
  withdrawalMin: 'amount is too small: the smallest withdrawal is {{min, dollars}}',
  planRangeBetween: 'The {{plan}} plan takes deposits between {{min, dollars}} and {{max, dollars}}',
  planRangeAtLeast: 'The {{plan}} plan takes deposits of at least {{min, dollars}}',
  atMostCharacters: 'must be at most {{max}} characters',
} as const;

/** Readers of a set of templates, for `localizeMessage`. */
export function templateReaders(templates: Readonly<Record<string, string>>): readonly TemplateReader[] {
  return Object.values(templates).map(readerOf);
}

/** The shared schemas' templates: what the browser's forms need (the API's are in answer-templates). */
const SCHEMA_READERS = templateReaders(MESSAGE_TEMPLATES);

/**
 * A message in the reader's language: a template's text is matched and said again with its
 * values (money re-formatted for the language); any other message is looked up as a key, and
 * one without a translation stays as it is (English).
 */
export function localizeMessage(
  t: Translate,
  english: string,
  readers: readonly TemplateReader[] = SCHEMA_READERS,
): string {
  for (const reader of readers) {
    const match = reader.pattern.exec(english);
    if (!match) continue;
    const values: Record<string, string> = {};
    reader.params.forEach((param, i) => {
      values[param.name] = param.format === 'dollars' ? unformatMoney(match[i + 1]) : match[i + 1];
    });
    return t(reader.template, values);
  }
  return t(english);
}

/** The withdrawal minimum's message: the spec's words, then the limit ("… the smallest withdrawal is $10.00"). */
export const withdrawalMinMessage = (formattedMin: string) =>
  fillEnglish(MESSAGE_TEMPLATES.withdrawalMin, { min: unformatMoney(formattedMin) });

/** A text field's length limit ("must be at most 40 characters"), said with its number in every language. */
export const atMostCharactersMessage = (max: number) => fillEnglish(MESSAGE_TEMPLATES.atMostCharacters, { max });

/** A plan's name and deposit range (Money strings), as range messages need it. */
export interface PlanRange {
  name: string;
  minAmount: string;
  maxAmount?: string | null;
}

/**
 * "The Starter plan takes deposits between $150.00 and $4,999.00" (or "of at least ..." when
 * open-ended): one wording for the invest form and the server's refusal.
 */
export function planRangeMessage(plan: PlanRange): string {
  return plan.maxAmount == null
    ? fillEnglish(MESSAGE_TEMPLATES.planRangeAtLeast, { plan: plan.name, min: plan.minAmount })
    : fillEnglish(MESSAGE_TEMPLATES.planRangeBetween, { plan: plan.name, min: plan.minAmount, max: plan.maxAmount });
}
