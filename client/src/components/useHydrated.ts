import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the page hydrates, true after: what differs between the two
 * (the stored theme mode, the URL's #hash the server never sees) may be shown only then, or React
 * keeps the server's markup for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
