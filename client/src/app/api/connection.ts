import { msg } from '@cryptovest/common';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Shown when a form is sent while the browser has no network (issue 38, defect 6; a catalogue key). */
export const OFFLINE_MESSAGE = msg("You're offline: check your connection and try again. What you typed is kept.");

/** Shown when the request could not reach the server although the browser thinks it is online (a catalogue key). */
export const CONNECTION_LOST_MESSAGE = msg(
  'The connection to the server was lost: check your connection and try again. What you typed is kept.',
);

/** What browsers reject `fetch` with when no answer came at all (Chromium, Firefox, Safari). */
const FETCH_FAILED = /failed to fetch|networkerror|load failed|network request failed/i;

/**
 * Why a request got no answer, as the investor should read it, or null when it did get one:
 * offline (the browser says so), or the connection lost on the way (fetch itself failed). Not
 * "Something went wrong": the cause is on their side and retrying will work.
 */
export function connectionFailure(error: unknown): string | null {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE_MESSAGE;
  return error instanceof TypeError && FETCH_FAILED.test(error.message) ? CONNECTION_LOST_MESSAGE : null;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser has a network, following its online/offline events (online when rendered on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Calls `callback` (its newest version) each time the browser comes back online, so a page that
 * failed while offline loads again without a click on Retry.
 */
export function useWhenBackOnline(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
