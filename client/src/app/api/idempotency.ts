import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMemo, useRef } from 'react';

/** Codes after which the server may or may not have acted: a new attempt must reuse the key. */
const OUTCOME_UNKNOWN = new Set(['UNAVAILABLE', 'INTERNAL_SERVER_ERROR']);

/**
 * True when the server answered for sure (success or a refusal such as "not enough balance"), so
 * the next submission is a new action; false for network failures and outages, where a retry
 * must be recognised as the same action.
 */
export function serverAnswered(error: unknown): boolean {
  if (!CombinedGraphQLErrors.is(error) || error.errors.length === 0) return false;
  return !error.errors.some((e) => OUTCOME_UNKNOWN.has(String(e.extensions?.code)));
}

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of one intended action; see useIdempotencyKey. */
export interface IdempotencyKeys {
  /** The key for submitting `values`: the same one until the action settled or the values changed. */
  keyFor(values: unknown): string;
  /** After an attempt: forget the key when the server answered (the action is over), keep it otherwise. */
  settle(error?: unknown): void;
}

/**
 * One idempotency key per intended money action (issue 11): a double click, or a retry after a
 * network error or an outage, sends the same key, so the server runs it once; a success, a
 * refusal or changed values start a new action with a new key.
 */
export function useIdempotencyKey(): IdempotencyKeys {
  const current = useRef<{ values: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values) {
        const text = JSON.stringify(values);
        if (current.current?.values !== text) current.current = { values: text, key: newIdempotencyKey() };
        return current.current.key;
      },
      settle(error) {
        if (error === undefined || serverAnswered(error)) current.current = null;
      },
    }),
    [],
  );
}
