import { rateLimitHeaders } from '../../kernel/allowance';
import { type GraphQLFormattedError, GraphQLError } from 'graphql';
import { HeaderMap } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { infrastructureError } from '../../db/infrastructure-errors';
import {
  AppError,
  ERROR_MAP,
  ErrorCode,
  formattedAppError,
  INTERNAL_MESSAGE,
  RETRY_AFTER_SECONDS,
} from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { databaseInputError, logDatabaseRefusal } from '../../db/database-input-errors';

/**
 * Turns an AppError into a GraphQLError carrying its code, fields and HTTP status, and Retry-After
 * for a 503 and for a 429 that knows its wait (a spent credential budget, checked in the context).
 */
export function toGraphQLError(err: AppError): GraphQLError {
  const map = ERROR_MAP[err.code];
  const wait = err.code === ErrorCode.UNAVAILABLE ? RETRY_AFTER_SECONDS : err.retryAfterSeconds;
  const pairs: [string, string][] = [
    ...(wait !== undefined ? [['retry-after', String(wait)] as [string, string]] : []),
    ...(err.allowance ? rateLimitHeaders(err.allowance) : []),
  ];
  const headers = pairs.length ? new HeaderMap(pairs.map(([k, v]) => [k.toLowerCase(), v])) : undefined;
  return new GraphQLError(err.message, {
    extensions: {
      ...formattedAppError(err).extensions,
      http: { status: map.http, ...(headers ? { headers } : {}) },
    },
  });
}

/** True for an error Apollo raised to refuse the request itself, with an HTTP 4xx status and no code. */
function requestRefusal(error: GraphQLError): boolean {
  const status = (error.extensions?.http as { status?: number } | undefined)?.status;
  return error.extensions?.code === undefined && typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Apollo `formatError`: AppErrors keep their message and code; PostgreSQL data errors caused by
 * input become BAD_USER_INPUT (the backstop shared with REST); infrastructure failures become
 * UNAVAILABLE (logged once per request by the app's status plugin); GraphQL's own parse and
 * validation errors pass through; anything else is logged and masked as INTERNAL.
 */
export function formatErrorWith(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const fromDatabase = databaseInputError(original);
    if (fromDatabase) logDatabaseRefusal(logger, original, formatted.path);
    const known = original instanceof AppError ? original : (fromDatabase ?? infrastructureError(original));
    if (known) {
      const { message, extensions } = formattedAppError(known);
      return { message, path: formatted.path, locations: formatted.locations, extensions };
    }
    const code = formatted.extensions?.code;
    if (original instanceof GraphQLError && requestRefusal(original)) {
      // Apollo's own refusals of a request (a persisted query's wrong version or hash) carry an HTTP
      // 4xx but no code: the client's mistake, not an internal error.
      return { message: original.message, extensions: { code: 'BAD_REQUEST' } };
    }
    if (original instanceof GraphQLError && code !== 'INTERNAL_SERVER_ERROR') {
      const { stacktrace: _s, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
      return { ...formatted, extensions };
    }
    if (!(original instanceof GraphQLError) || code === 'INTERNAL_SERVER_ERROR') {
      logger.error({ err: original }, 'unexpected GraphQL error');
      return { message: INTERNAL_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}
