import pino, { DestinationStream, Logger, LoggerOptions } from 'pino';

const REDACTED = '[redacted]';

/** Query parameters that are bearer credentials (signed upload links, reset tokens). */
const SECRET_QUERY_PARAMS = new Set(['sig', 'token']);

/** Builds the process logger; secrets are redacted by path so they never reach log storage. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
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
  return destination ? pino(options, destination) : pino(options);
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

/**
 * pino-http `serializers.req`: access logs keep every field of the request but scrub credential
 * query values from its url, parsed query and Referer (signed links are bearer credentials).
 */
export function scrubRequestLog<T extends RequestLog>(req: T): T {
  if (typeof req.url === 'string') req.url = scrubUrl(req.url);
  if (req.query !== undefined) req.query = scrubQuery(req.query);
  const referer = req.headers?.referer;
  if (typeof referer === 'string') req.headers = { ...req.headers, referer: scrubUrl(referer) };
  return req;
}

export type { Logger };
