import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, msUntil } from './countdown';

/** The current time, re-read every `intervalMs` (one timer per component; stops on unmount). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Props of Countdown. */
export interface CountdownProps {
  /** When the term ends (ISO time). */
  to: string;
  /** Shown once the time has come, e.g. "Paying out now" (translated by the caller; "Term ended" by default). */
  done?: string;
}

/**
 * A live "23 h 59 m 10 s left" until `to`, ticking every second, in the reader's language.
 * role="timer" keeps screen readers from announcing each tick (its live region is off).
 */
export function Countdown({ to, done }: CountdownProps) {
  const { t } = useTranslation('dashboard');
  const left = msUntil(to, useNow());
  return (
    <Box component="span" role="timer" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {left > 0
        ? t('{{time}} left', { time: formatCountdown(left, (key, params) => t(key, params)) })
        : (done ?? t('Term ended'))}
    </Box>
  );
}
