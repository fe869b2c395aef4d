import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

/** What a session token must satisfy besides its signature. */
export interface Hs256Rules {
  issuer: string;
  /** Claims that must be present (e.g. exp, iat, sub). */
  requiredClaims: readonly string[];
  /** The oldest `iat` accepted, in seconds before now. */
  maxTokenAgeSeconds: number;
  clockToleranceSeconds: number;
  /** Now, in seconds since the epoch. */
  nowSeconds: number;
}

const HEADER_KEYS = new Set(['alg', 'typ']);

/** Parses one base64url JSON segment as a plain object, or null. */
function jsonSegment(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a compact HS256 JWT with node:crypto: the HMAC in one synchronous call (WebCrypto,
 * which jose uses, costs a thread-pool round trip per token: a tenth of a request's CPU). Only
 * `{"alg":"HS256"}` headers (optionally `typ: JWT`) are accepted, so no algorithm confusion and no
 * `crit` extensions; then the issuer, required claims and time claims are checked as jose checks
 * them (exp with tolerance, nbf, iat neither in the future nor older than the maximum age).
 * Returns the payload, or null for anything wrong.
 */
export function verifyHs256(token: string, key: KeyObject, rules: Hs256Rules): Record<string, unknown> | null {
  const payload = signedHs256Payload(token, key, rules);
  return payload && timeClaimsHold(payload, rules) ? payload : null;
}

/**
 * The part of verifyHs256 that never changes for a given token: the header, the signature, the
 * issuer, the required claims and the claims' types. Its result may be kept per token string;
 * timeClaimsHold must still run on every use.
 */
export function signedHs256Payload(
  token: string,
  key: KeyObject,
  rules: Pick<Hs256Rules, 'issuer' | 'requiredClaims'>,
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = jsonSegment(headerPart);
  if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) return null;
  if (Object.keys(header).some((k) => !HEADER_KEYS.has(k))) return null;
  if (!/^[A-Za-z0-9_-]{43}$/.test(signaturePart)) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const payload = jsonSegment(payloadPart);
  if (!payload || payload.iss !== rules.issuer) return null;
  if (rules.requiredClaims.some((claim) => payload[claim] === undefined)) return null;
  const { exp, iat, nbf, sub } = payload;
  if (sub !== undefined && (typeof sub !== 'string' || sub === '')) return null;
  if (exp !== undefined && typeof exp !== 'number') return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  return payload;
}

/** The time claims of a signed payload, at `rules.nowSeconds`: exp, nbf and iat's age. */
export function timeClaimsHold(
  payload: Record<string, unknown>,
  rules: Pick<Hs256Rules, 'maxTokenAgeSeconds' | 'clockToleranceSeconds' | 'nowSeconds'>,
): boolean {
  const { exp, iat, nbf } = payload as { exp?: number; iat?: number; nbf?: number };
  const now = rules.nowSeconds;
  const tolerance = rules.clockToleranceSeconds;
  if (exp !== undefined && exp <= now - tolerance) return false;
  if (nbf !== undefined && nbf > now + tolerance) return false;
  if (iat !== undefined) {
    const age = now - iat;
    if (age < -tolerance || age - tolerance > rules.maxTokenAgeSeconds) return false;
  }
  return true;
}
