/**
 * Calls `onEnter` once, the first time `element` scrolls into the viewport, then stops watching.
 * Returns the cleanup. Without IntersectionObserver (old browsers, jsdom) it calls at once, so
 * content never stays hidden or unanimated.
 */
export function onFirstView(element: Element, onEnter: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onEnter();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onEnter();
      }
    },
    { rootMargin: '0px 0px -40px 0px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Calls `onBelow` if `element` starts below the visible part of the page, as the observer's first
 * report says; returns the cleanup. The observer measures with the next frame's layout, where
 * reading getBoundingClientRect in an effect would force a layout of its own, once per element.
 */
export function whenBelowViewport(element: Element, onBelow: () => void): () => void {
  const observer = new IntersectionObserver(([entry]) => {
    observer.disconnect();
    if (entry.boundingClientRect.top > (entry.rootBounds?.height ?? window.innerHeight)) onBelow();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
