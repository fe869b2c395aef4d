/**
 * What is left of a caller's rate limit, for the IETF RateLimit headers (draft-ietf-httpapi-
 * ratelimit-headers): clients that read them slow down before they are refused.
 */
export interface Allowance {
  /** The policy's name (the budget's), quoted in both headers. */
  policy: string;
  /** Units per window. */
  limit: number;
  windowSeconds: number;
  /** Units left in this window (0 once refused). */
  remaining: number;
  /** Whole seconds until the window ends and the allowance is whole again. */
  resetSeconds: number;
}

/** `RateLimit-Policy: "api_key";q=120;w=60` and `RateLimit: "api_key";r=87;t=23` for `a`. */
export function rateLimitHeaders(a: Allowance): [string, string][] {
  return [
    ['RateLimit-Policy', `"${a.policy}";q=${a.limit};w=${a.windowSeconds}`],
    ['RateLimit', `"${a.policy}";r=${a.remaining};t=${a.resetSeconds}`],
  ];
}
