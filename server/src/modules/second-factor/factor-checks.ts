import { verify } from 'otplib';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import { type RequestMeta, noticeCodesLocked } from '../identity';
import type { RateLimits } from '../../platform/limits';
import { NO_SECURITY_SIGNALS, type SecuritySignals } from '../../platform/metrics';
import { type MailOutbox, type SecurityEvent, securityNoticeMail, greetingName } from '../../platform/mail';
import type { User } from '../user';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { open as openSecret } from './secret-box';

/** The answer to any wrong authenticator or recovery code. */
export const INVALID_SECOND_FACTOR = 'That code is not right. Check your authenticator app and try again.';

/** Seconds either side of now an authenticator code is accepted (one 30-second step: clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;

/** Ways a user can prove the second factor (at sign-in, or again inside a session). */
export type SecondFactorMethod = 'TOTP' | 'RECOVERY_CODE' | 'PASSKEY';

/** Ways a budgeted check is made: a factor, or an administrator's enrolment code. */
type CheckedMethod = SecondFactorMethod | 'ENROLMENT_CODE';

/** A user's authenticator row (pending until confirmed). */
export interface TotpRow {
  secret_enc: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

/** Anything that runs SQL: the pool, or one transaction's manager. */
type Db = DataSource | EntityManager;

/**
 * Checks of second factors, shared by sign-in, step-up and enrolment: authenticator codes (each
 * step accepted once), recovery codes (each once), all under the account's daily budget of wrong
 * second-factor codes, which is its own (e-mail codes have theirs). Spending happens in the caller's
 * transaction, so a code is used up only if what it allowed commits. Also records every change to
 * sign-in security (audit + the owner's mail).
 */
export class FactorChecks {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'sealingKeys' | 'site'>,
    private readonly limits: RateLimits,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Told of each refused second factor (`cryptovest_login_failures_total{factor="second_factor"}`). */
    private readonly signals: Pick<SecuritySignals, 'loginFailed'> = NO_SECURITY_SIGNALS,
  ) {}

  /** The user's authenticator row, pending or confirmed. */
  async totp(userId: string, m: Db = this.ds): Promise<TotpRow | null> {
    const [row] = await sqlRows<TotpRow>(
      m,
      `SELECT secret_enc, confirmed_at, last_step FROM totp_factor WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** What the user has set up: a confirmed authenticator, passkeys, unused recovery codes. */
  async factors(userId: string, m: Db = this.ds): Promise<{ totp: boolean; passkeys: number; codes: boolean }> {
    const [row] = await sqlRows<{ totp: boolean; passkeys: number; codes: boolean }>(
      m,
      `SELECT EXISTS (SELECT 1 FROM totp_factor WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
              (SELECT count(*)::int FROM passkey WHERE user_id = $1) AS passkeys,
              EXISTS (SELECT 1 FROM recovery_code WHERE user_id = $1 AND used_at IS NULL) AS codes`,
      [userId],
    );
    return row;
  }

  /** True when the user has a second factor (an authenticator or a passkey; recovery codes only back them up). */
  async hasFactor(userId: string, m: Db = this.ds): Promise<boolean> {
    const f = await this.factors(userId, m);
    return f.totp || f.passkeys > 0;
  }

  /** The methods `userId` can prove a factor with; empty when the account has no second factor. */
  async methods(userId: string): Promise<SecondFactorMethod[]> {
    const f = await this.factors(userId);
    const methods: SecondFactorMethod[] = [];
    if (f.totp) methods.push('TOTP');
    if (f.passkeys) methods.push('PASSKEY');
    if (f.codes && methods.length) methods.push('RECOVERY_CODE');
    return methods;
  }

  /**
   * Accepts a TOTP code once, in `m`'s transaction: it must match within one step of now, and its
   * step must be later than the last accepted one. The step is claimed by one conditional UPDATE (a
   * row lock), so a code replayed later, or in parallel on any instance, fails.
   */
  async acceptTotp(m: Db, userId: string, row: TotpRow, code: string, confirmed = true): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    let secret: string;
    try {
      secret = openSecret(this.config.sealingKeys, row.secret_enc, userId);
    } catch (err) {
      // TOTP_ENCRYPTION_KEY changed or the row was altered: no code can match; the owner uses a recovery code.
      this.logger.error({ err, userId }, 'authenticator secret does not decrypt (TOTP_ENCRYPTION_KEY changed?)');
      return false;
    }
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    });
    // TOTP results carry the matched step (the functional API types it as HOTP | TOTP).
    const step = result.valid ? (result as { timeStep?: number }).timeStep : undefined;
    if (step === undefined) return false;
    const claimed = await sqlRows(
      m,
      `UPDATE totp_factor SET last_step = $2
        WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) AND (confirmed_at IS NOT NULL) = $3
        RETURNING user_id`,
      [userId, step, confirmed],
    );
    return claimed.length === 1;
  }

  /** Uses up one recovery code in `m`'s transaction; true when it was unused and is now spent. */
  private async acceptRecoveryCode(m: Db, userId: string, code: string): Promise<boolean> {
    const rows = await sqlRows(
      m,
      `UPDATE recovery_code SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
      [userId, hashRecoveryCode(code), this.clock.now()],
    );
    return rows.length === 1;
  }

  /**
   * Checks an authenticator or recovery code of `user` under the budget, in `m`'s transaction;
   * returns the method used. A spent recovery code is audited and mailed in the same transaction.
   */
  async checkCode(m: EntityManager, user: User, rawCode: string, meta: RequestMeta): Promise<SecondFactorMethod> {
    const code = String(rawCode ?? '').trim();
    const recovery = looksLikeRecoveryCode(code);
    const method: SecondFactorMethod = recovery ? 'RECOVERY_CODE' : 'TOTP';
    await this.guarded(user, meta, method, async () => {
      const totp = recovery ? null : await this.totp(user.id, m);
      const ok = recovery
        ? await this.acceptRecoveryCode(m, user.id, code)
        : !!totp?.confirmed_at && (await this.acceptTotp(m, user.id, totp, code));
      if (!ok) throw AppError.field('code', INVALID_SECOND_FACTOR);
    });
    if (recovery) {
      const [{ left }] = await sqlRows<{ left: number }>(
        m,
        `SELECT count(*)::int AS left FROM recovery_code WHERE user_id = $1 AND used_at IS NULL`,
        [user.id],
      );
      await this.recordChange(m, user, 'recovery_code_used', meta, left, {
        left,
      });
    }
    return method;
  }

  /**
   * Runs one check under the account's daily budget of wrong second-factor codes: the unit is taken
   * first (on the pool, so it stays spent whatever the caller's transaction does) and given back
   * only when the check passes. A failure is audited; the one that spends the budget is mailed.
   */
  async guarded(user: User, meta: RequestMeta, method: CheckedMethod, check: () => Promise<void>): Promise<void> {
    const budget = await this.limits.takeSecondFactorCheck(user.id);
    try {
      await check();
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION) {
        await this.failed(user, meta, method);
        if (budget.used === budget.limit)
          await noticeCodesLocked(
            { ds: this.ds, audit: this.audit, outbox: this.outbox, brand: this.config.site.brandName },
            user,
            budget,
            meta.ip,
            'second_factor',
          );
      }
      throw err;
    }
    await this.limits.secondFactorAccepted(user.id);
  }

  /** Audits a refused second factor (passkey answers too, which spend no budget: they can't be guessed). */
  async failed(user: User, meta: RequestMeta, method: CheckedMethod): Promise<void> {
    this.signals.loginFailed('second_factor');
    await this.audit.record({
      action: 'second_factor.failed',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
      metadata: { method },
    });
  }

  /** Audits a change to the user's sign-in security and mails the owner, in `m`'s transaction. */
  async recordChange(
    m: EntityManager,
    user: User,
    event: SecurityEvent,
    meta: RequestMeta,
    detail: string | number = '',
    metadata: Record<string, unknown> = {},
  ): Promise<void> {
    await this.audit.record(
      {
        action: `second_factor.${event}`,
        actorId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        ip: meta.ip,
        metadata,
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
        event,
        detail,
      ),
    });
  }
}
