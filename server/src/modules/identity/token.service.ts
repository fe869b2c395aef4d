import { createHash } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { DataSource } from 'typeorm';
import type { Config } from '../../kernel/config';
import { type Clock, systemClock } from '../../kernel/clock';
import { AppError, ErrorCode } from '../../kernel/errors';
import { NotifiedMap } from '../../db/notified-map';
import type { SessionEndReason } from './sessions';
import { EntityReader } from '../../db/entity-reader';
import { sqlRows } from '../../db/sql';
import { User, UserType, type AuthUser } from '../user';
import {
  CUT_OFF_REASON_SQL,
  RECENT_SESSIONS_SQL,
  recentSessions,
  refusalFor,
  SessionRecords,
  type SessionOrigin,
  type SessionState,
} from './session-records';

const ALG = 'HS256';
const ISSUER = 'cryptovest';
/** Claims every session token must carry: without exp/iat its lifetime cannot be bounded. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'iss'];
/** Allowed clock difference between instances (a token minted on one is verified on another). */
const CLOCK_SKEW_SECONDS = 5;

/** SQL (over `app_user u`) that is true when the user has a confirmed authenticator or a passkey. */
export const SECOND_FACTOR_ENROLLED_SQL = `(EXISTS (SELECT 1 FROM totp_factor f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)
  OR EXISTS (SELECT 1 FROM passkey p WHERE p.user_id = u.id))`;

/** The channel the triggers of migration CallerChanges notify with a user's id. */
export const CALLERS_CHANNEL = 'cryptovest_users';

/**
 * Callers kept in memory per instance: enough for every session active at once on a busy instance
 * (a kept caller is a row of a few hundred bytes); beyond it the least recent is read again.
 */
const CALLERS_KEPT = 10_000;

/**
 * What a session check reads about its user: the whole row, whether a second factor is set up,
 * their sessions whose tokens may still be valid (by id), and why sessions ended at the current
 * token cut-off.
 */
interface CallerRow {
  user: User;
  enrolled: boolean;
  sessions: Map<string, SessionState>;
  cutOffReason: SessionEndReason | null;
}

/** Verified tokens fast-jwt keeps per instance (its LRU cache; a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * A session token's header may name its algorithm, `typ: JWT` and the id of one of our keys,
 * nothing else: no `jku`, `jwk`, `x5u` or `crit` that could steer verification (the verifier
 * checks the algorithm, not this; the key id only picks among the configured secrets).
 */
function plainHeader(header: object): boolean {
  return Object.entries(header).every(
    ([name, value]) =>
      name === 'alg' || (name === 'typ' && value === 'JWT') || (name === 'kid' && typeof value === 'string'),
  );
}

/**
 * A signing secret's public id, carried in each token's header (`kid`): the first 8 base64url
 * characters of SHA-256("jwt:" + secret). It picks the secret to verify with during a rotation
 * without revealing it, and needs no setting of its own.
 */
export function jwtKeyId(secret: string): string {
  return createHash('sha256').update(`jwt:${secret}`).digest('base64url').slice(0, 8);
}

/** The `kid` of a token's header, null when absent; undefined when the header can't be read. */
function headerKeyId(token: string): string | null | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : header.kid === undefined ? null : undefined;
  } catch {
    return undefined;
  }
}

/** Claims carried by a session token (SPEC §6: the role is read from the token payload). */
export interface SessionClaims {
  sub: string;
  role: UserType;
  /** The user's token cut-off at issue time; a later cut-off (password change) voids the token. */
  tv: number;
  /** The session (`user_session` row) the token belongs to; absent in tokens issued before sessions were recorded. */
  sid?: string;
  /** Present (true) when the session was opened with a second factor, or right after enrolling one. */
  mfa?: boolean;
  /**
   * When (seconds, by the server's clock) a second factor was last proven in this session: at a
   * two-factor sign-in, a step-up or an enrolment. Adding or removing a factor needs it recent.
   */
  pat?: number;
  iat: number;
  exp: number;
}

/**
 * Issues and verifies session JWTs (HS256 only, short-lived). Verification checks the user's
 * current type and token cut-off, so demotions and password resets apply at once: from memory
 * while this instance hears every change to them (a trigger's NOTIFY drops the caller on every
 * instance when the change commits), from the database otherwise.
 */
export class TokenService {
  /**
   * Signs session tokens: HS256 with JWT_SECRET (fast-jwt, node:crypto). The key id goes in the
   * header only while JWT_SECRETS_PREVIOUS is set: releases before 1.0.0 refuse any header field
   * but `alg` and `typ`, so during a rolling upgrade from one of them new instances must sign as
   * they did (a rotation starts once every instance runs 1.0.0 or later; docs/operations.md).
   */
  private readonly sign: (payload: Record<string, unknown>) => string;
  /**
   * Verify them, one verifier per configured secret by key id (JWT_SECRET and JWT_SECRETS_PREVIOUS;
   * fast-jwt): HS256 only, issuer, required claims, max age = TTL, 5 s tolerance, with fast-jwt's
   * own cache of verified tokens (a session sends the same token with every request; the cache
   * still re-checks the time claims, as its documentation states).
   */
  private readonly verifiers: Map<string, (token: string) => { header: object; payload: SessionClaims }>;
  /** Every verifier, current first: a token without a key id is tried with each in turn. */
  private readonly allVerifiers: Array<(token: string) => { header: object; payload: SessionClaims }>;
  /** The user's row, read by plain SQL (EntityReader): every authenticated request needs it. */
  private readonly users: EntityReader<User>;
  /** The rows session checks read, by user id (wired to the LISTEN connection in app.ts). */
  readonly callers: NotifiedMap<CallerRow | undefined>;
  /** One row per sign-in: what a token's `sid` names, listed and ended by its owner. */
  readonly sessions: SessionRecords;

  constructor(
    private readonly config: Pick<Config, 'jwtSecret' | 'jwtSecretsPrevious' | 'jwtTtlMinutes'>,
    private readonly ds: DataSource,
    clock: Clock = systemClock,
  ) {
    // iat from one clock reading and exp = iat + TTL, so exp - iat is exactly the TTL verify() allows.
    this.sign = createSigner({
      key: config.jwtSecret,
      ...(config.jwtSecretsPrevious.length ? { kid: jwtKeyId(config.jwtSecret) } : {}),
      algorithm: ALG,
      iss: ISSUER,
      expiresIn: this.ttlSeconds * 1000,
    });
    this.verifiers = new Map(
      [config.jwtSecret, ...config.jwtSecretsPrevious].map((secret) => [
        jwtKeyId(secret),
        createVerifier({
          key: secret,
          algorithms: [ALG],
          allowedIss: ISSUER,
          requiredClaims: REQUIRED_CLAIMS,
          maxAge: config.jwtTtlMinutes * 60_000,
          clockTolerance: CLOCK_SKEW_SECONDS * 1000,
          complete: true,
          cache: VERIFIED_TOKENS_KEPT,
        }),
      ]),
    );
    this.allVerifiers = [...this.verifiers.values()];
    this.users = new EntityReader(ds, User, 'u');
    this.callers = new NotifiedMap(CALLERS_CHANNEL, (id) => this.readCaller(id), CALLERS_KEPT);
    this.sessions = new SessionRecords(ds, clock, (id) => this.callerChanged(id));
  }

  /**
   * This instance just committed a change to the user's row or second factors: its next request
   * reads them again at once, without waiting for the NOTIFY (which tells the other instances).
   */
  callerChanged(userId: string): void {
    this.callers.changed(userId);
  }

  /**
   * Signs a session token for `user`. `secondFactor`: the session was opened (or stepped up) with a
   * second factor; `factorProvenAt`: when a factor was proven just now (sign-in, step-up, enrolment).
   * `origin`: the request's client, recorded with a new session, or the session the token continues
   * (refused when that one has ended).
   */
  async issue(
    user: Pick<User, 'id' | 'type' | 'tokensValidAfter'>,
    secondFactor = false,
    factorProvenAt?: Date,
    origin: SessionOrigin = {},
  ): Promise<string> {
    // The token's own expiry (fast-jwt reads the real time): the session stays listed until then.
    const sid = await this.sessions.open(user.id, origin, new Date(Date.now() + this.ttlSeconds * 1000));
    return this.sign({
      sid,
      role: user.type,
      tv: user.tokensValidAfter.getTime(),
      ...(secondFactor ? { mfa: true } : {}),
      ...(factorProvenAt ? { pat: Math.floor(factorProvenAt.getTime() / 1000) } : {}),
      sub: user.id,
    });
  }

  /** The longest session a token may grant (config caps it at 60 minutes). */
  private get ttlSeconds(): number {
    return this.config.jwtTtlMinutes * 60;
  }

  /**
   * Verifies a bearer token and returns the current caller; any failure is UNAUTHENTICATED.
   * exp, iat and sub are required, iat may not lie in the future or further back than the TTL,
   * and exp - iat may not exceed the TTL: a token minted with a far expiry cannot outlive policy.
   * A token of an ended session, or from before its user's cut-off, is refused with the reason
   * (`SESSION_EXPIRED`, `SESSION_REVOKED`, `PASSWORD_CHANGED`); tokens without a session id (from
   * before sessions were recorded) are still accepted until they expire.
   */
  async verify(token: string): Promise<AuthUser> {
    const claims = this.verifiedClaims(token);
    if (claims === 'expired') throw AppError.sessionRefused('SESSION_EXPIRED');
    // Beyond the verifier: a lifetime longer than policy, and an iat ahead of this clock (the
    // verifier's maxAge only bounds how old a token is, not how new).
    const nowSeconds = Date.now() / 1000;
    if (!claims || claims.exp - claims.iat > this.ttlSeconds || claims.iat > nowSeconds + CLOCK_SKEW_SECONDS) {
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid or expired token');
    }
    const sessionId = claims.sid === undefined ? undefined : String(claims.sid);
    let caller = await this.callers.get(claims.sub);
    // A token newer than the row this instance keeps (its session opened, its user's cut-off
    // moved, or a second factor set up, after the read; the NOTIFY not heard yet): read again
    // once, so a stale copy never refuses a fresh token. Only a signed token can ask for the read.
    const newerThanKept =
      caller &&
      ((sessionId !== undefined && !caller.sessions.has(sessionId)) ||
        claims.tv > caller.user.tokensValidAfter.getTime() ||
        (claims.mfa === true && !caller.enrolled));
    if (newerThanKept) {
      this.callers.changed(claims.sub);
      caller = await this.callers.get(claims.sub);
    }
    if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid or expired token');
    if (sessionId !== undefined) {
      const session = caller.sessions.get(sessionId);
      if (!session) throw AppError.sessionRefused('SESSION_REVOKED');
      if (session.endReason) throw AppError.sessionRefused(refusalFor(session.endReason));
      await this.sessions.touch(sessionId, session);
    }
    if (claims.tv !== caller.user.tokensValidAfter.getTime())
      throw AppError.sessionRefused(refusalFor(caller.cutOffReason));
    // The row is shared by every request of the caller: each gets its own User to read.
    const { user, enrolled } = caller;
    const profile = Object.assign(new User(), user);
    const secondFactor = claims.mfa === true;
    // An admin works only with a second factor that is set up and was proven in this session.
    const enrolmentOnly = user.type === UserType.ADMIN && !(secondFactor && enrolled);
    return {
      id: user.id,
      type: user.type,
      secondFactor,
      ...(sessionId ? { sessionId } : {}),
      ...(typeof claims.pat === 'number' ? { factorProvenAt: new Date(claims.pat * 1000) } : {}),
      profile,
      ...(enrolmentOnly ? { enrolmentOnly, secondFactorEnrolled: enrolled } : {}),
    };
  }

  /**
   * One statement: the revocation check, the role, the second factor, the user's recent sessions
   * and the caller's whole row (`me` and the profile read need no second query). Undefined when
   * the user is gone.
   */
  private async readCaller(id: string): Promise<CallerRow | undefined> {
    const [row] = await sqlRows<
      Record<string, unknown> & { enrolled: boolean; sessions: unknown; cut_off_reason: SessionEndReason | null }
    >(
      this.ds,
      `SELECT ${this.users.select}, ${SECOND_FACTOR_ENROLLED_SQL} AS enrolled,
              ${RECENT_SESSIONS_SQL} AS sessions, ${CUT_OFF_REASON_SQL} AS cut_off_reason
         FROM app_user u WHERE u.id = $1`,
      [id],
    );
    return (
      row && {
        user: this.users.entity(row),
        enrolled: row.enrolled,
        sessions: recentSessions(row.sessions),
        cutOffReason: row.cut_off_reason,
      }
    );
  }

  /**
   * The token's claims when its HS256 signature, issuer and time claims check out (exp with the
   * clock tolerance, nbf, iat neither ahead nor older than the TTL) and its header is plain; null
   * for anything else, malformed input included. The header's key id picks the secret; without
   * one each configured secret is tried (current first); an id of no configured secret (a retired
   * key) is refused. 'expired' when the signature checks out but the token has expired.
   */
  private verifiedClaims(token: string): SessionClaims | 'expired' | null {
    const keyId = headerKeyId(token);
    if (keyId === undefined) return null;
    const verifiers = keyId === null ? this.allVerifiers : [this.verifiers.get(keyId)];
    for (const verify of verifiers) {
      if (!verify) return null;
      try {
        const { header, payload } = verify(token);
        if (!plainHeader(header)) return null;
        // The verifier checks that sub is present; an empty or non-text one names no user.
        return typeof payload.sub === 'string' && payload.sub !== '' ? payload : null;
      } catch (err) {
        // fast-jwt checks the signature before the time claims: this token is ours, just too old.
        if ((err as { code?: unknown }).code === 'FAST_JWT_EXPIRED') return 'expired';
        // the next secret, if any
      }
    }
    return null;
  }
}

/** Extracts the token from an `Authorization: Bearer <token>` header; null when absent. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Malformed Authorization header');
  return match[1];
}
