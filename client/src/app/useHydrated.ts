import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders and while React adopts that markup, true from then on (and
 * at once for anything rendered in the browser later). For controls that cannot work before
 * the app has loaded, e.g. a picker whose suggestions need it: they stay read-only until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
