import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useFormat } from '../../../app/i18n/useFormat';
import { onFirstView } from './inView';
import { COUNTER_DURATION_MS, useReducedMotion } from './motion';
import { visuallyHidden } from '../../../components/visuallyHidden';

/** Props of CountUp. */
export interface CountUpProps {
  /** Value rendered on the server and before the counter scrolls into view. */
  from: number;
  /** Final value. */
  to: number;
  /** Text after the number, e.g. "+" or "M+". */
  suffix?: string;
  /** `data-testid` of the visible number (its final text is `${to}${suffix}`, `to` in the page's number format). */
  testId?: string;
}

/** Ease-out cubic: fast start, gentle landing. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * A number that counts from `from` to `to` in 0.9 s the first time it scrolls into view
 * (SPEC §2 "Number speaks"). Server and first client render show `from`, so hydration matches;
 * with reduced motion it shows `to` at once. Screen readers get the final value only, and the
 * digits are tabular with a minimum width, so the count causes no layout shift. Numbers are
 * written as the page's language writes them ("1,500" / "1.500").
 */
export function CountUp({ from, to, suffix = '', testId }: CountUpProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const { number } = useFormat();
  const reducedMotion = useReducedMotion();
  const [value, setValue] = useState(from);

  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion) return undefined;
    let frame = 0;
    const stop = onFirstView(element, () => {
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, Math.max(0, (now - start) / COUNTER_DURATION_MS));
        setValue(Math.round(from + (to - from) * easeOut(progress)));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [from, to, reducedMotion]);

  const shown = number(reducedMotion ? to : value);
  const final = number(to);
  return (
    <span ref={ref}>
      <span aria-hidden="true" data-testid={testId}>
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            minWidth: `${final.length}ch`,
            textAlign: 'right',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {shown}
        </Box>
        {suffix}
      </span>
      <Box component="span" sx={visuallyHidden}>{`${final}${suffix}`}</Box>
    </span>
  );
}
