import type { Operation } from '../contract/operation';

/** What each error status means on this API (the `code` field says more). */
export const ERROR_WORDING: Record<number, string> = {
  400: 'Bad request: malformed JSON, an unknown query value, or wrong credentials (`INVALID_CREDENTIALS`)',
  401: 'No valid session token or API key (`UNAUTHENTICATED`)',
  403: 'Not allowed: the role, the API key scope, or an administrator without a second-factor session',
  404: 'No such thing, or not yours (`NOT_FOUND`)',
  409: 'Conflict: a state changed meanwhile, or the same Idempotency-Key is still being processed (`CONFLICT`)',
  413: 'The body is larger than the limit (`PAYLOAD_TOO_LARGE`)',
  422: 'A field is invalid: each error names its `field` (`VALIDATION`)',
  429: 'A rate limit is spent (`RATE_LIMITED`): wait `Retry-After` seconds',
  503: 'A dependency is unavailable (`UNAVAILABLE`): retry after `Retry-After` seconds; nothing was done',
};

/**
 * The error statuses `op` can answer, from what it is: any request can carry malformed, too large
 * or hostile input (the body parser and the hostile-input guard run before every path: 400, 413,
 * 422) and meet a database outage (503); a guarded path can be refused (401, 403) and limited
 * (API keys: 429); a path id can name nothing; a retried key can conflict.
 */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>([400, 413, 422, 503, ...(op.errors ?? [])]);
  if (op.auth !== 'public') [401, 403, 429].forEach((s) => statuses.add(s));
  if (op.limited) statuses.add(429);
  if (op.path.includes(':')) statuses.add(404);
  if (op.idempotent) [409, 422].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}
