import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { onFirstView, whenBelowViewport } from './inView';
import { prefersReducedMotion, REVEAL_DELAY_MS, REVEAL_DURATION_MS } from './motion';

const easing = `${REVEAL_DURATION_MS}ms cubic-bezier(0.2, 0.7, 0.2, 1) ${REVEAL_DELAY_MS}ms`;

/**
 * The two states set on the element by the effect; without them the content is simply shown.
 * Paper has no scrolling to reveal on, so a printed page shows content still waiting for it.
 */
const revealSx = {
  '&[data-reveal="hidden"]': {
    opacity: 0,
    transform: 'translateY(24px)',
    '@media print': { opacity: 1, transform: 'none' },
  },
  '&[data-reveal="shown"]': { opacity: 1, transform: 'none', transition: `opacity ${easing}, transform ${easing}` },
} as const;

/** Props of Reveal. */
export interface RevealProps {
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * Fades and slides its content up the first time it scrolls into view (SPEC §2 about page:
 * 0.5 s, 0.25 s delay). Server HTML shows the content as is; on mount only content that starts
 * below the viewport is hidden (so nothing visible blinks), and with reduced motion nothing is.
 * Where it starts comes from an IntersectionObserver, so hydrating forces no layout per section.
 * The state lives in a data attribute React does not manage, so no re-render is needed.
 */
export function Reveal({ children, sx }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return undefined;
    let stopWatching: (() => void) | undefined;
    const stopMeasuring = whenBelowViewport(element, () => {
      element.setAttribute('data-reveal', 'hidden');
      stopWatching = onFirstView(element, () => element.setAttribute('data-reveal', 'shown'));
    });
    return () => {
      stopMeasuring();
      stopWatching?.();
      element.removeAttribute('data-reveal');
    };
  }, []);
  return (
    <Box ref={ref} sx={[revealSx, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
