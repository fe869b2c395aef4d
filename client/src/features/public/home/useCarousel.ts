import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '../shared/motion';

/** What the carousel markup needs from useCarousel. */
export interface CarouselState {
  /** Index of the visible slide. */
  index: number;
  /** Rotation switched off: by the visitor's pause button, or by reduced motion until they press play. */
  paused: boolean;
  /** Slides are advancing now (not paused, not hovered, no focus inside). */
  rotating: boolean;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  togglePaused: () => void;
  /** Spread on the carousel container: hover and focus pause rotation (WAI-ARIA carousel pattern). */
  containerProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/** Whether focus moved in from (or out to) somewhere outside the container. */
function crossesBoundary(event: FocusEvent<HTMLElement>): boolean {
  const other = event.relatedTarget;
  return !(other instanceof Node && event.currentTarget.contains(other));
}

/**
 * State of an auto-rotating carousel of `count` slides, advancing every `intervalMs` (SPEC §9:
 * 8000 ms). Rotation pauses while the pointer is over it or focus is inside, stops for good when
 * the visitor presses pause, and never starts by itself under prefers-reduced-motion. Any
 * change of slide restarts the interval. Timers only run in effects, so rendering is pure.
 */
export function useCarousel(count: number, intervalMs: number): CarouselState {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusPaused, setFocusPaused] = useState(false);
  const paused = userPaused ?? reducedMotion;
  const rotating = !paused && !hovered && !focusPaused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const goTo = useCallback((target: number) => setIndex(((target % count) + count) % count), [count]);
  return {
    index,
    paused,
    rotating,
    goTo,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    togglePaused: () => {
      // Pressing play is an explicit request: it also lifts the pause that focus put on.
      setUserPaused(!paused);
      if (paused) setFocusPaused(false);
    },
    containerProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event) => {
        if (crossesBoundary(event)) setFocusPaused(true);
      },
      onBlur: (event) => {
        if (crossesBoundary(event)) setFocusPaused(false);
      },
    },
  };
}
