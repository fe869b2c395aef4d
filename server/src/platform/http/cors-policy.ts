import cors from 'cors';
import type { RequestHandler } from 'express';

/** Request headers a browser integration may send: credentials, JSON, retries, Apollo's CSRF marks. */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-Api-Key',
  'Idempotency-Key',
  'Apollo-Require-Preflight',
  'X-Apollo-Operation-Name',
];

/** Answer headers its scripts may read: limits, waits, replays and the request id for support. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id'];

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the API (issue 36): the `cors` package with the operator's origins (CORS_ORIGINS);
 * null when none are listed, so nothing is sent and browsers keep the same-origin rule. Never
 * with credentials: callers send a bearer token or an API key, not cookies, and `*` must not
 * carry them anyway.
 */
export function corsPolicy(origins: readonly string[] | '*'): RequestHandler | null {
  if (origins !== '*' && !origins.length) return null;
  return cors({
    origin: origins === '*' ? '*' : [...origins],
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
