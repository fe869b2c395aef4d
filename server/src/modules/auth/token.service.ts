import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { AppError, ErrorCode } from '../../errors';
import { User, UserType } from '../user/user.entity';
import type { AuthUser } from './role';

const ALG = 'HS256';
const ISSUER = 'cryptovest';

/** jose is ESM-only; loaded once on first use. */
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let josePromise: Promise<Jose> | null = null;
const jose = () => (josePromise ??= import('jose'));

/** Claims carried by a session token (SPEC §6: the role is read from the token payload). */
export interface SessionClaims {
  sub: string;
  role: UserType;
  /** The user's token cut-off at issue time; a later cut-off (password change) voids the token. */
  tv: number;
  iat: number;
  exp: number;
}

/**
 * Issues and verifies session JWTs (HS256 only, short-lived). Verification re-reads the user's
 * type and token cut-off from the database, so demotions and password resets apply at once.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly config: Pick<Config, 'jwtSecret' | 'jwtTtlMinutes'>,
    private readonly ds: DataSource,
  ) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  /** Signs a session token for `user`. */
  async issue(user: Pick<User, 'id' | 'type' | 'tokensValidAfter'>): Promise<string> {
    const { SignJWT } = await jose();
    return new SignJWT({ role: user.type, tv: user.tokensValidAfter.getTime() })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.config.jwtTtlMinutes}m`)
      .sign(this.key);
  }

  /** Verifies a bearer token and returns the current caller; any failure is UNAUTHENTICATED. */
  async verify(token: string): Promise<AuthUser> {
    const { jwtVerify } = await jose();
    let claims: SessionClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER });
      claims = payload as unknown as SessionClaims;
    } catch {
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid or expired token');
    }
    const row = await this.ds
      .getRepository(User)
      .findOne({ where: { id: claims.sub }, select: { id: true, type: true, tokensValidAfter: true } });
    if (!row || claims.tv !== row.tokensValidAfter.getTime()) {
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid or expired token');
    }
    return { id: row.id, type: row.type };
  }
}

/** Extracts the token from an `Authorization: Bearer <token>` header; null when absent. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Malformed Authorization header');
  return match[1];
}
