import { useCallback, useEffect, useState } from 'react';

/** Whether a third-party origin answered: still checking, reachable, or not. */
export type Reachability = 'checking' | 'online' | 'offline';

/** How long to wait for the provider before calling it unreachable. */
const PROBE_TIMEOUT_MS = 6000;

/**
 * Probes `url`'s origin with a no-cors request (an opaque answer means "reachable"), so the page
 * can say plainly that the chart needs the provider instead of framing a browser error page.
 */
export function useReachable(url: string | null): { state: Reachability; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The answer of one attempt; a newer attempt counts as "checking" until it answers.
  const [result, setResult] = useState<{ attempt: number; state: Reachability }>({ attempt: -1, state: 'checking' });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    fetch(new URL(url).origin, { mode: 'no-cors', cache: 'no-store', signal: controller.signal })
      .then(() => setResult({ attempt, state: 'online' }))
      .catch(() => setResult({ attempt, state: 'offline' }))
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state = result.attempt === attempt ? result.state : 'checking';
  return { state: url ? state : 'offline', retry };
}
