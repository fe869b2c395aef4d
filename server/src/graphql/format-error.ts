import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, ERROR_MAP, INTERNAL_MESSAGE } from '../errors';
import type { Logger } from '../logger';

/** Turns an AppError into a GraphQLError carrying its code, fields and HTTP status. */
export function toGraphQLError(err: AppError): GraphQLError {
  const map = ERROR_MAP[err.code];
  return new GraphQLError(err.message, {
    extensions: {
      code: map.graphql,
      ...(err.fields.length ? { fields: err.fields } : {}),
      http: { status: map.http },
    },
  });
}

/**
 * Apollo `formatError`: AppErrors keep their message and code; GraphQL's own parse and
 * validation errors pass through; anything else is logged and masked as INTERNAL.
 */
export function formatErrorWith(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof AppError) {
      const map = ERROR_MAP[original.code];
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: map.graphql, ...(original.fields.length ? { fields: original.fields } : {}) },
      };
    }
    const code = formatted.extensions?.code;
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
