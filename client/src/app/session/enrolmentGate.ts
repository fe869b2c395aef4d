import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session';

/**
 * Remembers that the server refused the current session with SECOND_FACTOR_ENROLMENT_REQUIRED
 * (an administrator who has not proven a second factor: issue 13). The refusal belongs to the
 * token it was given to, so storing a new token (after enrolling, or another sign-in) lifts it
 * without anyone having to clear it. The Apollo error link records it; the admin area reads it.
 */

/** The token the server refused, or null. */
let refusedToken: string | null = null;
const listeners = new Set<() => void>();

/** Records that the server confined `token` to enrolling a second factor. */
export function markEnrolmentRequired(token: string): void {
  if (token === refusedToken) return;
  refusedToken = token;
  for (const listener of listeners) listener();
}

/** True while the stored token is one the server confined to second-factor enrolment. */
export function isEnrolmentRequired(): boolean {
  return refusedToken !== null && refusedToken === getToken();
}

/** Subscribes to refusals and token changes; returns unsubscribe. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeToken = subscribeToken(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeToken();
  };
}

/** `isEnrolmentRequired()`, re-rendering when it changes. */
export function useEnrolmentRequired(): boolean {
  return useSyncExternalStore(subscribe, isEnrolmentRequired, () => false);
}
