import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long to wait for a lazily rendered `#hash` target before giving up. */
const MAX_WAIT_MS = 3000;

/** Scrolls to the element with `id` as soon as it exists; returns a cancel function. */
function scrollToIdWhenReady(id: string): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ block: 'start' });
    else if (performance.now() - started < MAX_WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * Scroll behaviour of the SPA: a `#hash` scrolls to its element once rendered (e.g. /#services,
 * also on a fresh page load, which the browser cannot do before React renders); other new
 * navigations start at the top; back/forward (POP) keep the browser's own restoration.
 * (React Router's ScrollRestoration re-applies a stale saved position after hash scrolls.)
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (hash) {
      let id: string;
      try {
        id = decodeURIComponent(hash.slice(1));
      } catch {
        return;
      }
      return scrollToIdWhenReady(id);
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash, key, navigationType]);
  return null;
}
