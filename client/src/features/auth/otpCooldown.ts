import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { OTP_RESEND_SECONDS } from '@cryptovest/common';
import { useEffect, useState } from 'react';
import type { OtpPurpose } from '../../generated/graphql';

const STORAGE_PREFIX = 'otpResendAt:';
const keyOf = (email: string, activity: OtpPurpose) => `${STORAGE_PREFIX}${activity}:${email.trim().toLowerCase()}`;

/**
 * Remembers that a code was just sent (register, login of an unverified account, reset, resend:
 * the server sends the next one OTP_RESEND_SECONDS later at the earliest, issue 14), or that the
 * server asked to wait `seconds`. Kept per tab in sessionStorage, so the verify screen that
 * follows register still counts down.
 */
export function markOtpSent(email: string, activity: OtpPurpose, seconds = OTP_RESEND_SECONDS, now = Date.now()) {
  try {
    window.sessionStorage.setItem(keyOf(email, activity), String(now + seconds * 1000));
  } catch {
    // Storage disabled: the button only counts down while the page stays open.
  }
}

/** Whole seconds until another code can be asked for (0 when it can be now). */
export function otpWaitSeconds(email: string, activity: OtpPurpose, now = Date.now()): number {
  try {
    const until = Number(window.sessionStorage.getItem(keyOf(email, activity)));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  } catch {
    return 0;
  }
}

/** The wait the server asked for: `extensions.retryAfterSeconds` of a RATE_LIMITED answer, or null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const item of error.errors) {
    const seconds = item.extensions?.retryAfterSeconds;
    if (item.extensions?.code === 'RATE_LIMITED' && typeof seconds === 'number' && seconds > 0) {
      return Math.ceil(seconds);
    }
  }
  return null;
}

/**
 * The seconds left before a code can be resent, ticking down once a second; `restart(seconds)`
 * marks a send (or the server's wait) and starts counting again.
 */
export function useOtpCountdown(email: string, activity: OtpPurpose): [number, (seconds?: number) => void] {
  const [tick, setTick] = useState(0);
  const left = email.trim() ? otpWaitSeconds(email, activity) : 0;
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, tick]);
  const restart = (seconds = OTP_RESEND_SECONDS) => {
    markOtpSent(email, activity, seconds);
    setTick((n) => n + 1);
  };
  return [left, restart];
}
