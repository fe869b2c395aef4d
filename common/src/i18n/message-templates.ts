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
interface TemplateReader {
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
  // The server's answers built from values (issue 39): the `errors` catalogue says them again.
  availableBalance: 'The amount is more than your available balance ({{available, dollars}})',
  availableBalanceBonus:
    'The amount is more than your available balance ({{available, dollars}}); your {{bonus, dollars}} bonus unlocks with your first deposit',
  addressCoolingDown: 'This address was saved recently: for your safety it can receive withdrawals from {{from}}',
  tooManyAttemptsHours: 'Too many attempts. Try again in {{n}} hours.',
  tooManyAttemptsMinutes: 'Too many attempts. Try again in {{n}} minutes.',
  tooManyAttemptsSeconds: 'Too many attempts. Try again in {{n}} seconds.',
  tooManyRequestsHours: 'Too many requests. Try again in {{n}} hours.',
  tooManyRequestsMinutes: 'Too many requests. Try again in {{n}} minutes.',
  tooManyRequestsSeconds: 'Too many requests. Try again in {{n}} seconds.',
  tooManyMessagesHours: 'Too many messages. Try again in {{n}} hours.',
  tooManyMessagesMinutes: 'Too many messages. Try again in {{n}} minutes.',
  tooManyMessagesSeconds: 'Too many messages. Try again in {{n}} seconds.',
  tooManyUploadsHours: 'Too many uploads. Try again in {{n}} hours.',
  tooManyUploadsMinutes: 'Too many uploads. Try again in {{n}} minutes.',
  tooManyUploadsSeconds: 'Too many uploads. Try again in {{n}} seconds.',
  tooManyInvalidAPIKeysHours: 'Too many invalid API keys. Try again in {{n}} hours.',
  tooManyInvalidAPIKeysMinutes: 'Too many invalid API keys. Try again in {{n}} minutes.',
  tooManyInvalidAPIKeysSeconds: 'Too many invalid API keys. Try again in {{n}} seconds.',
  codeResendHours: 'Wait {{n}} hours before asking for a new code',
  codeResendMinutes: 'Wait {{n}} minutes before asking for a new code',
  codeResendSeconds: 'Wait {{n}} seconds before asking for a new code',
  uploadQuotaFull: 'not enough upload space left (at most {{size}} per user)',
  imageMegapixels: 'image is too large (at most {{n}} megapixels)',
  imagePixels: 'image is too large (at most {{n}} pixels)',
  apiKeyScope: 'This API key lacks the scope this needs (one of: {{scopes}})',
  bulkTooMany: 'Select at most {{max}} transactions at once ({{selected}} selected)',
  chainNotBacking: 'The chain does not back this deposit ({{result}}): give a reason to confirm it anyway',
  overviewTooLong: 'The range is {{span}} days; at most {{max}} days at a time',
  statementTooLong: 'A statement covers at most {{max}} days; this period has {{days}}',
  notARealDate: '{{field}} is not a real date: {{value}}',
  webhookUnknownEvent: 'unknown event type "{{type}}" (see webhookEventTypes for the list)',
  webhookPrivateTarget: 'url must point to a public address: {{reason}} (webhooks never call internal networks)',
  pageSizeRange: '{{name}} must be between 1 and {{max}}',
  nulCharacters: '{{field}} must not contain NUL characters',
  keyNotAllowed: '"{{key}}" is not allowed as a key',
  noSuchPath: 'No such API path: {{method}} {{path}}',
} as const;

const READERS = Object.values(MESSAGE_TEMPLATES).map(readerOf);

/**
 * A message in the reader's language: a template's text is matched and said again with its
 * values (money re-formatted for the language); any other message is looked up as a key, and
 * one without a translation stays as it is (English).
 */
export function localizeMessage(t: Translate, english: string): string {
  for (const reader of READERS) {
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

/**
 * Marks English text kept in data (a navigation label, a column title) as a catalogue key: it
 * is translated where it is shown (`t(item.label)`), and the catalogue check finds it here.
 */
export const msg = <T extends string>(text: T): T => text;
