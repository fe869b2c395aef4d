import { useSyncExternalStore } from 'react';

/** Counter animation length (SPEC §9: 0.9 s). */
export const COUNTER_DURATION_MS = 900;
/** Section reveal length (SPEC §9: 0.5 s). */
export const REVEAL_DURATION_MS = 500;
/** Delay before a reveal starts (SPEC §9: 0.25 s). */
export const REVEAL_DELAY_MS = 250;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for reduced motion; false on the server and where matchMedia is missing. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}

/** Subscribes to changes of the reduced-motion setting. */
function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The reduced-motion preference as React state. The server (and hydration) render `false`, so
 * markup matches; the real value follows right after hydration and on every change.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
