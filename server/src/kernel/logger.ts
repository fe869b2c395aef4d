import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { DestinationStream, Logger, LoggerOptions } from 'pino';
import { currentRequestId } from './query-stats';
import { prettyDestination } from './pretty-log';

const REDACTED = '[redacted]';

/** Query parameters that are bearer credentials (signed upload links, reset tokens). */
const SECRET_QUERY_PARAMS = new Set(['sig', 'token']);

/** An incoming `X-Request-Id` is kept only when it is a plain token (no spaces, quotes or log tricks). */
const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is a sane token (so a proxy's id joins
 * its logs to ours), else a random UUID; sent back in the `X-Request-Id` response header.
 */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Adds `reqId` to every line written while a request is served, from services too (the request
 * scope in db/query-stats). A line's own `reqId` (the access line's) wins: pino merges the line's
 * fields over the mixin's, so the key appears once. No child logger carries it as a binding.
 */
function requestIdMixin(): object {
  const reqId = currentRequestId();
  // A new object each time: pino merges the line's own fields into what the mixin returns.
  return reqId ? { reqId } : {};
}

/** How log lines are written: JSON (production, tests, log shippers) or readable lines (development). */
export type LogFormat = 'json' | 'pretty';

/**
 * Builds the process logger; secrets are redacted by path so they never reach log storage. With
 * `format` 'pretty' and no `destination`, lines are written readably (pino-pretty) when it is
 * installed, else as JSON.
 */
export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  const readable = !destination && format === 'pretty' ? prettyDestination() : null;
  const target = destination ?? readable ?? undefined;
  const options: LoggerOptions = {
    level,
    mixin: requestIdMixin,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.otp',
        '*.token',
      ],
      censor: REDACTED,
    },
  };
  return target ? pino(options, target) : pino(options);
}

/** A query key as the server reads it: decoded, case-folded, without a `[...]` suffix. */
function queryParamName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Malformed escape: compare the raw key.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/** A URL fit for logs: credential query values (`sig`, `token`) become [redacted], all else kept. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0];
      return SECRET_QUERY_PARAMS.has(queryParamName(key)) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** A parsed query fit for logs: a copy with credential values replaced (the live one is untouched). */
function scrubQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, SECRET_QUERY_PARAMS.has(queryParamName(k)) ? REDACTED : v]),
  );
}

/** The parts of pino's serialized request that can carry a URL. */
interface RequestLog {
  url?: string;
  query?: unknown;
  headers?: Record<string, unknown>;
}

/** Request headers an access line keeps (credentials among them are redacted by createLogger). */
const LOGGED_HEADERS = [
  'user-agent',
  'referer',
  'content-type',
  'content-length',
  'x-forwarded-for',
  'authorization',
  'x-api-key',
] as const;

/**
 * The request of an access line (access-log.ts) keeps what explains a request (method, url, query,
 * the few headers above, client address) and scrubs credential query values from its url, parsed
 * query and Referer (signed links are bearer credentials). Every other header is left out: each
 * request would otherwise write a kilobyte nobody reads.
 */
export function scrubRequestLog<T extends RequestLog>(req: T): T {
  if (typeof req.url === 'string') req.url = scrubUrl(req.url);
  if (req.query !== undefined) req.query = scrubQuery(req.query);
  if (req.headers) {
    const kept: Record<string, unknown> = {};
    for (const name of LOGGED_HEADERS) if (req.headers[name] !== undefined) kept[name] = req.headers[name];
    if (typeof kept.referer === 'string') kept.referer = scrubUrl(kept.referer);
    req.headers = kept;
  }
  return req;
}

export type { Logger };
