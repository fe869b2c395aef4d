import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { AuditService } from '../../platform/audit';
import { ADMIN_SCOPES, ApiKeyScope, type AuthUser, User, UserType } from '../user';
import { type RequestMeta, SECOND_FACTOR_ENROLLED_SQL } from '../identity';
import type { RateLimits } from '../../platform/limits';
import { type MailOutbox, securityNoticeMail, greetingName } from '../../platform/mail';
import { KeyFailures } from './key-failures';

/** Every key starts with this, so it is recognisable in headers, logs and secret scanners. */
export const API_KEY_PREFIX = 'cvk_';

/** What every key looks like (the prefix, then 32 random bytes in base64url): anything else is refused unlooked-up. */
export const API_KEY_FORMAT = /^cvk_[A-Za-z0-9_-]{43}$/;

/** Most live (not revoked, not expired) keys one user may hold. */
export const MAX_ACTIVE_KEYS = 20;

/** `last_used_at` is written at most once a minute per key, not on every call. */
const LAST_USE_PRECISION_SECONDS = 60;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A key as lists show it: never its secret. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart (e.g. `cvk_Ab12Cd`). */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What a new key is for. */
export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt?: Date | null;
}

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const present = (r: ApiKeyRow): ApiKeyInfo => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as ApiKeyScope[],
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

const COLUMNS = 'id, name, prefix, scopes, created_at, expires_at, last_used_at, revoked_at';

/**
 * Integrators' API keys: created by a signed-in person with scopes and an optional expiry, shown
 * once and stored as a SHA-256 hash (the secret is 256 random bits). Each request looks the key
 * up, so a revocation applies at once on every instance; each key has its own rate budget and
 * every call is audited with its id.
 */
export class ApiKeyService {
  /** Failed lookups per IP (RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE), in this instance's memory. */
  private readonly failures: KeyFailures;

  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'site' | 'rateLimits'>,
    private readonly limits: RateLimits,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
  ) {
    this.failures = new KeyFailures(config.rateLimits.apiKeyFailuresPerIpMinute, clock);
  }

  /** The caller's keys, newest first (revoked and expired ones too, marked as such). */
  async list(userId: string): Promise<ApiKeyInfo[]> {
    const rows = await sqlRows<ApiKeyRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM api_key WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [userId],
    );
    return rows.map(present);
  }

  /** Creates a key; the secret in the answer is the only copy anywhere. */
  async create(caller: AuthUser, input: NewApiKey, meta: RequestMeta): Promise<{ apiKey: ApiKeyInfo; secret: string }> {
    const name = String(input.name ?? '').trim();
    if (!name) throw AppError.field('name', 'name is required');
    if (name.length > 60) throw AppError.field('name', 'name must be at most 60 characters');
    const scopes = [...new Set(input.scopes ?? [])];
    if (!scopes.length) throw AppError.field('scopes', 'choose at least one scope');
    if (caller.type !== UserType.ADMIN && scopes.some((s) => ADMIN_SCOPES.includes(s)))
      throw AppError.field('scopes', 'only administrators can give a key admin scopes');
    const now = this.clock.now();
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw AppError.field('expiresAt', 'the expiry must be in the future');
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const user = await this.ds.getRepository(User).findOneByOrFail({ id: caller.id });
    const row = await inTransaction(this.ds, async (m) => {
      // One user's key creations run one at a time, so the cap holds under parallel requests.
      await m.query(`SELECT id FROM app_user WHERE id = $1 FOR UPDATE`, [user.id]);
      const [{ active }] = await sqlRows<{ active: number }>(
        m,
        `SELECT count(*)::int AS active FROM api_key
          WHERE user_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
        [user.id, now],
      );
      if (active >= MAX_ACTIVE_KEYS)
        throw new AppError(ErrorCode.CONFLICT, `You already have ${MAX_ACTIVE_KEYS} keys: revoke one first`);
      const [created] = await sqlRows<ApiKeyRow>(
        m,
        `INSERT INTO api_key (user_id, name, prefix, secret_hash, scopes, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [user.id, name, secret.slice(0, 10), sha256(secret), scopes, expiresAt, now],
      );
      await this.audit.record(
        {
          action: 'api_key.created',
          actorId: user.id,
          subjectType: 'api_key',
          subjectId: created.id,
          ip: meta.ip,
          metadata: { scopes, expiresAt },
        },
        m,
      );
      await this.outbox.queue(m, {
        kind: 'security_notice',
        to: user.email,
        userId: user.id,
        content: securityNoticeMail(
          { brand: this.config.site.brandName, locale: user.locale },
          greetingName(user),
          'api_key_created',
          name,
        ),
      });
      return created;
    });
    return { apiKey: present(row), secret };
  }

  /** Revokes one of the caller's keys at once (every instance checks on each request). */
  async revoke(caller: AuthUser, id: string, meta: RequestMeta): Promise<ApiKeyInfo> {
    const rows = await sqlRows<ApiKeyRow>(
      this.ds,
      `UPDATE api_key SET revoked_at = coalesce(revoked_at, $3) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, caller.id, this.clock.now()],
    );
    if (!rows.length) throw new AppError(ErrorCode.NOT_FOUND, 'API key not found');
    await this.audit.record({
      action: 'api_key.revoked',
      actorId: caller.id,
      subjectType: 'api_key',
      subjectId: id,
      ip: meta.ip,
    });
    return present(rows[0]);
  }

  /**
   * The caller a key stands for, with its owner's current role: unknown, revoked and expired
   * keys are UNAUTHENTICATED. Spends one unit of the key's own per-minute budget. Failures count
   * against `ip`: once it spent RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE, its keys are refused (429)
   * without a lookup; a key that cannot be one (API_KEY_FORMAT) is never looked up either.
   */
  async authenticate(secret: string, ip: string | null = null): Promise<AuthUser> {
    this.failures.assertAllowed(ip);
    if (!API_KEY_FORMAT.test(secret)) {
      this.failures.failed(ip);
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid, expired or revoked API key');
    }
    const now = this.clock.now();
    const [row] = await sqlRows<{
      id: string;
      user_id: string;
      type: UserType;
      scopes: string[];
      enrolled: boolean;
      stale: boolean;
    }>(
      this.ds,
      `SELECT k.id, k.user_id, u.type, k.scopes, ${SECOND_FACTOR_ENROLLED_SQL} AS enrolled,
              (k.last_used_at IS NULL OR k.last_used_at < $2::timestamptz - make_interval(secs => $3)) AS stale
         FROM api_key k JOIN app_user u ON u.id = k.user_id
        WHERE k.secret_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)`,
      [sha256(secret), now, LAST_USE_PRECISION_SECONDS],
    );
    if (!row) {
      this.failures.failed(ip);
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid, expired or revoked API key');
    }
    const allowance = await this.limits.hitApiKey(row.id);
    if (row.stale) await this.ds.query(`UPDATE api_key SET last_used_at = $2 WHERE id = $1`, [row.id, now]);
    // An admin's key works like the admin: not while the admin has no second factor.
    const enrolmentOnly = row.type === UserType.ADMIN && !row.enrolled;
    return {
      id: row.user_id,
      type: row.type,
      apiKey: { id: row.id, scopes: row.scopes as ApiKeyScope[], allowance },
      ...(enrolmentOnly ? { enrolmentOnly } : {}),
    };
  }

  /** Audits one call made with a key: which key, what it called, and whether it was let through. */
  async recordCall(user: AuthUser, operation: string, allowed: boolean, ip: string | null): Promise<void> {
    if (!user.apiKey) return;
    await this.audit.record({
      action: 'api_key.call',
      actorId: user.id,
      subjectType: 'api_key',
      subjectId: user.apiKey.id,
      ip,
      metadata: { operation, allowed },
    });
  }
}
