import { MESSAGE_TEMPLATES, templateReaders } from './message-templates';

/**
 * The server's answers built from values (issue 39): each is a key of the `errors` catalogue,
 * which `localizedMessage` says again with the values read back. Kept apart from the shared
 * schemas' templates so the browser's first bundle does not carry them (it shows the server's
 * `localizedMessage` instead).
 */
export const ANSWER_TEMPLATES = {
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

/** Readers of every template an API answer can be built from (the schemas' and the server's own). */
export const ANSWER_READERS = templateReaders({ ...MESSAGE_TEMPLATES, ...ANSWER_TEMPLATES });
