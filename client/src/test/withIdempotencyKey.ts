import { isDeepStrictEqual } from 'node:util';

/**
 * A MockedProvider variables matcher for money mutations: the expected variables plus an
 * idempotency key (random per action, so only its shape is checked).
 */
export function withIdempotencyKey<T extends object>(expected: T) {
  return (variables: Record<string, unknown>): boolean => {
    const { idempotencyKey, ...rest } = variables;
    return (
      typeof idempotencyKey === 'string' && /^[0-9a-f]{32}$/.test(idempotencyKey) && isDeepStrictEqual(rest, expected)
    );
  };
}
