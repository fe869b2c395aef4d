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

/** Whether the element starts below the visible part of the page (so hiding it cannot be seen). */
export function isBelowViewport(element: Element): boolean {
  return element.getBoundingClientRect().top > window.innerHeight;
}
