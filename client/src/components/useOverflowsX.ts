import { useEffect, useState } from 'react';

/**
 * Whether an element's content is wider than the element (it scrolls sideways), kept current as
 * either resizes. Returns a callback ref to put on the scrolling element. Without ResizeObserver
 * (jsdom) it answers once.
 */
export function useOverflowsX<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, overflows];
}
