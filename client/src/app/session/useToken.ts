import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session';

/** The current bearer token (or null), re-rendering whenever it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
