import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { RequestMeta, Session } from '../auth/auth.service';
import { noticeCodesLocked } from '../auth/codes-locked';
import type { AuthUser } from '../auth/role';
import type { TokenService } from '../auth/token.service';
import type { RateLimits } from '../limits/rate-limits';
import { greetingName } from '../mail/notifier';
import type { MailOutbox } from '../mail/outbox';
import { type SecurityEvent, securityNoticeMail } from '../mail/templates';
import { User, UserType } from '../user/user.entity';
import { type AuthChallenges, TICKET_EXPIRED } from './challenges';
import type { PasskeyInfo, Passkeys } from './passkeys';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { open as openSecret, seal } from './secret-box';

/** The answer to any wrong authenticator or recovery code. */
export const INVALID_SECOND_FACTOR = 'That code is not right. Check your authenticator app and try again.';

/** Seconds either side of now an authenticator code is accepted (one 30-second step: clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;

/** Ways a user can prove the second factor at sign-in. */
export type SecondFactorMethod = 'TOTP' | 'RECOVERY_CODE' | 'PASSKEY';

/** A user's sign-in security as Settings shows it. */
export interface SecurityStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyInfo[];
  /** Admins must keep a second factor. */
  required: boolean;
}

/** What a started authenticator enrolment shows: the secret as text, as URI and as QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/** The "second factor required" step of a sign-in. */
export interface SecondFactorChallenge {
  ticket: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

interface TotpRow {
  secret_enc: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

/**
 * Second factors: authenticator apps (TOTP, secrets encrypted at rest, each code accepted once),
 * single-use recovery codes, passkeys, and the sign-in step that asks for one of them. Every
 * check spends the account's daily budget of wrong codes; every change is audited and mailed.
 */
export class SecondFactorService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'totpEncryptionKey' | 'site'>,
    private readonly tokens: TokenService,
    private readonly limits: RateLimits,
    private readonly challenges: AuthChallenges,
    readonly passkeys: Passkeys,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  private get brand(): string {
    return this.config.site.brandName;
  }

  private user(id: string): Promise<User> {
    return this.ds.getRepository(User).findOneByOrFail({ id });
  }

  private async totp(userId: string): Promise<TotpRow | null> {
    const [row] = await sqlRows<TotpRow>(
      this.ds,
      `SELECT secret_enc, confirmed_at, last_step FROM totp_factor WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** The methods `userId` can sign in with; empty when the account has no second factor. */
  async methods(userId: string): Promise<SecondFactorMethod[]> {
    const [row] = await sqlRows<{ totp: boolean; codes: boolean; passkeys: boolean }>(
      this.ds,
      `SELECT EXISTS (SELECT 1 FROM totp_factor WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS totp,
              EXISTS (SELECT 1 FROM recovery_code WHERE user_id = $1 AND used_at IS NULL) AS codes,
              EXISTS (SELECT 1 FROM passkey WHERE user_id = $1) AS passkeys`,
      [userId],
    );
    const methods: SecondFactorMethod[] = [];
    if (row.totp) methods.push('TOTP');
    if (row.passkeys) methods.push('PASSKEY');
    if (row.codes && methods.length) methods.push('RECOVERY_CODE');
    return methods;
  }

  /** Settings → Security. */
  async status(userId: string): Promise<SecurityStatus> {
    const [user, totp, passkeys, [codes]] = await Promise.all([
      this.user(userId),
      this.totp(userId),
      this.passkeys.list(userId),
      sqlRows<{ left: number }>(
        this.ds,
        `SELECT count(*)::int AS left FROM recovery_code WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      ),
    ]);
    return {
      totpEnabled: !!totp?.confirmed_at,
      recoveryCodesLeft: codes.left,
      passkeys,
      required: user.type === UserType.ADMIN,
    };
  }

  // ---- Authenticator app (TOTP) ----

  /** Starts (or restarts) enrolment: a new secret, not active until `confirmTotp`. */
  async startTotp(userId: string, meta: RequestMeta): Promise<TotpEnrolment> {
    const user = await this.user(userId);
    if ((await this.totp(userId))?.confirmed_at)
      throw new AppError(
        ErrorCode.CONFLICT,
        'An authenticator app is already set up. Turn it off first to replace it.',
      );
    const secret = generateSecret();
    await this.ds.query(
      `INSERT INTO totp_factor (user_id, secret_enc) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_enc = excluded.secret_enc, last_step = NULL, created_at = now()`,
      [userId, seal(this.config.totpEncryptionKey, secret, userId)],
    );
    await this.audit.record({
      action: 'second_factor.totp_started',
      actorId: userId,
      subjectType: 'user',
      subjectId: userId,
      ip: meta.ip,
    });
    const otpauthUrl = generateURI({ issuer: this.brand, label: user.email, secret });
    return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /**
   * Confirms enrolment with a first code: the authenticator becomes active, ten recovery codes
   * are made (shown once), the owner is mailed, and a session proven with the second factor is
   * returned (an admin confined to enrolment is let in with it).
   */
  async confirmTotp(
    caller: AuthUser,
    code: string,
    meta: RequestMeta,
  ): Promise<{ recoveryCodes: string[]; session: Session }> {
    const user = await this.user(caller.id);
    const pending = await this.totp(user.id);
    if (!pending) throw AppError.field('code', 'Start the set-up again: no authenticator is waiting for a code');
    if (pending.confirmed_at) throw new AppError(ErrorCode.CONFLICT, 'An authenticator app is already set up');
    await this.guarded(user, meta, 'TOTP', async () => {
      if (!(await this.acceptTotp(user.id, pending, code, false))) throw AppError.field('code', INVALID_SECOND_FACTOR);
    });
    const recoveryCodes = newRecoveryCodes();
    await inTransaction(this.ds, async (m) => {
      await m.query(`UPDATE totp_factor SET confirmed_at = $2 WHERE user_id = $1`, [user.id, this.clock.now()]);
      await this.replaceRecoveryCodes(m, user.id, recoveryCodes);
      await this.changed(m, user, 'totp_enrolled', meta);
    });
    this.tokens.callerChanged(user.id);
    return { recoveryCodes, session: await this.session(user.id) };
  }

  /** Turns the authenticator off; needs a current authenticator or recovery code. */
  async disableTotp(caller: AuthUser, code: string, meta: RequestMeta): Promise<SecurityStatus> {
    const user = await this.user(caller.id);
    if (!(await this.totp(user.id))?.confirmed_at)
      throw new AppError(ErrorCode.NOT_FOUND, 'No authenticator app is set up');
    await this.checkCode(user, code, meta);
    await inTransaction(this.ds, async (m) => {
      await m.query(`DELETE FROM totp_factor WHERE user_id = $1`, [user.id]);
      // Recovery codes back up the account's second factor: gone with the last one.
      await m.query(
        `DELETE FROM recovery_code WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM passkey WHERE user_id = $1)`,
        [user.id],
      );
      await this.changed(m, user, 'totp_disabled', meta);
    });
    this.tokens.callerChanged(user.id);
    return this.status(user.id);
  }

  /** New recovery codes (the old ones stop working); needs a current code. */
  async regenerateRecoveryCodes(caller: AuthUser, code: string, meta: RequestMeta): Promise<string[]> {
    const user = await this.user(caller.id);
    if (!(await this.methods(user.id)).length)
      throw new AppError(ErrorCode.CONFLICT, 'Set up an authenticator app or a passkey first');
    await this.checkCode(user, code, meta);
    const codes = newRecoveryCodes();
    await inTransaction(this.ds, async (m) => {
      await this.replaceRecoveryCodes(m, user.id, codes);
      await this.changed(m, user, 'recovery_codes_regenerated', meta);
    });
    return codes;
  }

  private async replaceRecoveryCodes(m: EntityManager, userId: string, codes: string[]): Promise<void> {
    await m.query(`DELETE FROM recovery_code WHERE user_id = $1`, [userId]);
    await m.query(`INSERT INTO recovery_code (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
      userId,
      codes.map(hashRecoveryCode),
    ]);
  }

  /**
   * Accepts a TOTP code once: it must match within one step of now, and its step must be later
   * than the last accepted one. The step is claimed by one conditional UPDATE (a row lock), so a
   * code replayed later, or in parallel on any instance, fails: this is the only replay guard.
   */
  private async acceptTotp(userId: string, row: TotpRow, code: string, confirmed = true): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    let secret: string;
    try {
      secret = openSecret(this.config.totpEncryptionKey, row.secret_enc, userId);
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
      this.ds,
      `UPDATE totp_factor SET last_step = $2
        WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) AND (confirmed_at IS NOT NULL) = $3
        RETURNING user_id`,
      [userId, step, confirmed],
    );
    return claimed.length === 1;
  }

  /** Uses up one recovery code; true when it was unused and is now spent. */
  private async acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    const rows = await sqlRows(
      this.ds,
      `UPDATE recovery_code SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
      [userId, hashRecoveryCode(code), this.clock.now()],
    );
    return rows.length === 1;
  }

  /**
   * Checks an authenticator or recovery code of `user` under the budget; returns the method used.
   * A recovery code is spent, audited and mailed to the owner.
   */
  private async checkCode(user: User, rawCode: string, meta: RequestMeta): Promise<SecondFactorMethod> {
    const code = String(rawCode ?? '').trim();
    const recovery = looksLikeRecoveryCode(code);
    const method: SecondFactorMethod = recovery ? 'RECOVERY_CODE' : 'TOTP';
    await this.guarded(user, meta, method, async () => {
      const totp = recovery ? null : await this.totp(user.id);
      const ok = recovery
        ? await this.acceptRecoveryCode(user.id, code)
        : !!totp?.confirmed_at && (await this.acceptTotp(user.id, totp, code));
      if (!ok) throw AppError.field('code', INVALID_SECOND_FACTOR);
    });
    if (recovery) {
      const left = (await this.status(user.id)).recoveryCodesLeft;
      await inTransaction(this.ds, (m) =>
        this.changed(m, user, 'recovery_code_used', meta, `${left} of your recovery codes are left.`, { left }),
      );
    }
    return method;
  }

  /**
   * Runs one second-factor check under the account's daily budget of wrong codes (shared with
   * e-mail codes): the unit is taken first and given back only when the check passes. A failure
   * is audited; the one that spends the budget is mailed to the owner.
   */
  private async guarded(
    user: User,
    meta: RequestMeta,
    method: SecondFactorMethod,
    check: () => Promise<void>,
  ): Promise<void> {
    const budget = await this.limits.takeCodeCheck(user.email);
    try {
      await check();
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION) {
        await this.audit.record({
          action: 'second_factor.failed',
          actorId: user.id,
          subjectType: 'user',
          subjectId: user.id,
          ip: meta.ip,
          metadata: { method },
        });
        if (budget.used === budget.limit)
          await noticeCodesLocked(
            { ds: this.ds, audit: this.audit, outbox: this.outbox, brand: this.brand },
            user,
            budget,
            meta.ip,
          );
      }
      throw err;
    }
    await this.limits.codeAccepted(user.email);
  }

  // ---- Passkeys ----

  /** Options to create a passkey in the browser (JSON for @simplewebauthn/browser). */
  async passkeyRegistrationOptions(userId: string): Promise<string> {
    return this.passkeys.registrationOptions(await this.user(userId));
  }

  /** Stores the passkey the browser made; returns it and a session proven with it. */
  async addPasskey(
    caller: AuthUser,
    name: string,
    response: string,
    meta: RequestMeta,
  ): Promise<{ passkey: PasskeyInfo; recoveryCodes: string[]; session: Session }> {
    const label = String(name ?? '').trim();
    if (!label) throw AppError.field('name', 'name is required');
    if (label.length > 60) throw AppError.field('name', 'name must be at most 60 characters');
    const user = await this.user(caller.id);
    const passkey = await this.passkeys.register(user.id, label, String(response ?? ''));
    const recoveryCodes = await inTransaction(this.ds, async (m) => {
      // The account's first second factor brings the recovery codes (an authenticator brings its own).
      const [{ has }] = await sqlRows<{ has: boolean }>(
        m,
        `SELECT EXISTS (SELECT 1 FROM recovery_code WHERE user_id = $1) AS has`,
        [user.id],
      );
      const codes = has ? [] : newRecoveryCodes();
      if (codes.length) await this.replaceRecoveryCodes(m, user.id, codes);
      await this.changed(m, user, 'passkey_added', meta, label, { passkeyId: passkey.id });
      return codes;
    });
    this.tokens.callerChanged(user.id);
    return { passkey, recoveryCodes, session: await this.session(user.id) };
  }

  /** Removes a passkey of the caller's. */
  async removePasskey(caller: AuthUser, id: string, meta: RequestMeta): Promise<SecurityStatus> {
    const user = await this.user(caller.id);
    const name = (await this.passkeys.list(user.id)).find((p) => p.id === id)?.name;
    if (!name || !(await this.passkeys.remove(user.id, id)))
      throw new AppError(ErrorCode.NOT_FOUND, 'Passkey not found');
    await inTransaction(this.ds, async (m) => {
      await m.query(
        `DELETE FROM recovery_code WHERE user_id = $1
            AND NOT EXISTS (SELECT 1 FROM passkey WHERE user_id = $1)
            AND NOT EXISTS (SELECT 1 FROM totp_factor WHERE user_id = $1 AND confirmed_at IS NOT NULL)`,
        [user.id],
      );
      await this.changed(m, user, 'passkey_removed', meta, name, { passkeyId: id });
    });
    this.tokens.callerChanged(user.id);
    return this.status(user.id);
  }

  // ---- Sign-in ----

  /** The second step a password sign-in of `userId` needs, or null when the account has no second factor. */
  async challengeFor(userId: string): Promise<SecondFactorChallenge | null> {
    const methods = await this.methods(userId);
    if (!methods.length) return null;
    return { ...(await this.challenges.openTicket(userId)), methods };
  }

  /** Finishes a sign-in with an authenticator or recovery code. */
  async signInWithCode(ticket: string, code: string, meta: RequestMeta): Promise<Session> {
    const open = await this.challenges.ticket(ticket);
    const user = await this.user(open.userId);
    const method = await this.checkCode(user, code, meta);
    return this.finishSignIn(open.id, user, method, meta);
  }

  /** Passkey options for the sign-in step of `ticket` (JSON for @simplewebauthn/browser). */
  async passkeySignInOptions(ticket: string): Promise<string> {
    const open = await this.challenges.ticket(ticket);
    return this.passkeys.signInOptions(open.userId, open.id);
  }

  /** Finishes a sign-in with a passkey's answer to the ticket's challenge. */
  async signInWithPasskey(ticket: string, response: string, meta: RequestMeta): Promise<Session> {
    const open = await this.challenges.ticket(ticket);
    const user = await this.user(open.userId);
    await this.guarded(user, meta, 'PASSKEY', () =>
      this.passkeys.verifySignIn(user.id, open.challenge, String(response ?? '')),
    );
    return this.finishSignIn(open.id, user, 'PASSKEY', meta);
  }

  /** Uses the ticket up (one session per ticket), audits the sign-in and issues the session. */
  private async finishSignIn(
    ticketId: string,
    user: User,
    method: SecondFactorMethod,
    meta: RequestMeta,
  ): Promise<Session> {
    if (!(await this.challenges.useTicket(ticketId))) throw AppError.field('ticket', TICKET_EXPIRED);
    await this.audit.record({
      action: 'login.success',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
      metadata: { secondFactor: method },
    });
    return this.session(user.id);
  }

  /** A session token proven with a second factor. */
  private async session(userId: string): Promise<Session> {
    const user = await this.user(userId);
    return { token: await this.tokens.issue(user, true), user };
  }

  /** Audits a change to the user's sign-in security and mails the owner, in `m`'s transaction. */
  private async changed(
    m: EntityManager,
    user: User,
    event: SecurityEvent,
    meta: RequestMeta,
    detail = '',
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
      content: securityNoticeMail(this.brand, greetingName(user), event, detail),
    });
  }
}
