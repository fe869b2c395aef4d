import type { GraphQLFormattedError } from 'graphql';

/** The hint graphql-js appends to validation and coercion messages, as Apollo's DisableSuggestions plugin strips it. */
const HINT = / ?Did you mean(.+?)\?$/;

/**
 * Without introspection, "Did you mean …?" hints would reveal field, argument and enum names one
 * typo at a time. HTTP drops them through Apollo's `hideSchemaDetailsFromClientErrors`; the
 * WebSocket path runs outside Apollo, so its errors pass through this instead.
 */
export function withoutSchemaHints(error: GraphQLFormattedError): GraphQLFormattedError {
  return HINT.test(error.message) ? { ...error, message: error.message.replace(HINT, '') } : error;
}
