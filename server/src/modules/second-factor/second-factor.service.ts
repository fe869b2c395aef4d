import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { AuditService } from '../../platform/audit';
import {
  type RequestMeta,
  type Session,
  type SessionOrigin,
  endSessions,
  sessionOrigin,
  type TokenService,
} from '../identity';
import { type AuthUser, User, UserType } from '../user';
import type { RateLimits } from '../../platform/limits';
import { type MailOutbox, enrolmentCodeMail, greetingName } from '../../platform/mail';
import { ENROLMENT_CODE_INVALID, ENROLMENT_CODE_MISSING, type EnrolmentCodes } from './enrolment-codes';
import { type FactorChecks, INVALID_SECOND_FACTOR } from './factor-checks';
import type { PasskeyInfo, Passkeys } from './passkeys';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { seal } from './secret-box';
import { assertProvenRecently } from './step-up';

/** The refusal when an administrator would remove the last second factor. */
export const LAST_FACTOR_MESSAGE =
  'Administrators must keep a second factor: add another authenticator app or passkey before removing this one';

/** A user's sign-in security as Settings shows it. */
export interface SecurityStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyInfo[];
  /** Admins must keep a second factor. */
  required: boolean;
}

/** A removed factor: the security settings after it, and the caller's new session (all others ended). */
export interface SecurityChange {
  security: SecurityStatus;
  session: Session;
}

/** What a started authenticator enrolment shows: the secret as text, as URI and as QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/**
 * A user's second factors in Settings: authenticator apps (TOTP, secrets encrypted at rest),
 * passkeys, recovery codes, and proving a factor again inside a session (step-up). The rules that
 * keep a stolen password or session from taking an account over: a factor is added only with a
 * recent proof of an existing one (or, for an administrator's first, a one-time enrolment code);
 * an administrator keeps at least one; every added or removed factor ends the account's other
 * sessions and sockets, is audited and is mailed to the owner.
 */
export class SecondFactorService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'sealingKeys' | 'site'>,
    private readonly tokens: TokenService,
    private readonly limits: RateLimits,
    readonly passkeys: Passkeys,
    private readonly checks: FactorChecks,
    private readonly enrolmentCodes: EnrolmentCodes,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
  ) {}

  private get brand(): string {
    return this.config.site.brandName;
  }

  private user(id: string, m: DataSource | EntityManager = this.ds): Promise<User> {
    return m.getRepository(User).findOneByOrFail({ id });
  }

  /**
   * Settings → Security, and an admin's record view of another user (support: "is two-step
   * sign-in on for this investor?"): the summary, never a secret; NOT_FOUND for an unknown user.
   */
  async status(userId: string): Promise<SecurityStatus> {
    const [user, factors, passkeys, [codes]] = await Promise.all([
      this.ds.getRepository(User).findOneBy({ id: userId }),
      this.checks.factors(userId),
      this.passkeys.list(userId),
      sqlRows<{ left: number }>(
        this.ds,
        `SELECT count(*)::int AS left FROM recovery_code WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      ),
    ]);
    if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'User not found');
    return {
      totpEnabled: factors.totp,
      recoveryCodesLeft: codes.left,
      passkeys,
      required: user.type === UserType.ADMIN,
    };
  }

  // ---- Adding a factor ----

  /**
   * Starts (or restarts) authenticator enrolment: a new secret, not active until `confirmTotp`. An
   * account that has a factor needs a recent proof already here, so nobody is shown a QR code for nothing.
   */
  async startTotp(caller: AuthUser, meta: RequestMeta): Promise<TotpEnrolment> {
    const user = await this.user(caller.id);
    if ((await this.checks.totp(user.id))?.confirmed_at)
      throw new AppError(
        ErrorCode.CONFLICT,
        'An authenticator app is already set up. Turn it off first to replace it.',
      );
    if (await this.checks.hasFactor(user.id)) assertProvenRecently(caller, this.clock.now());
    const secret = generateSecret();
    await this.ds.query(
      `INSERT INTO totp_factor (user_id, secret_enc) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_enc = excluded.secret_enc, last_step = NULL, created_at = now()`,
      [user.id, seal(this.config.sealingKeys, secret, user.id)],
    );
    await this.audit.record({
      action: 'second_factor.totp_started',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
    });
    const otpauthUrl = generateURI({ issuer: this.brand, label: user.email, secret });
    return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /**
   * Confirms enrolment with a first code: the authenticator becomes active, ten recovery codes are
   * made (shown once), other sessions end, the owner is mailed, and a session proven with the new
   * factor is returned. All in one transaction: a refused code spends no enrolment code, and a
   * refused enrolment code claims no authenticator step.
   */
  async confirmTotp(
    caller: AuthUser,
    code: string,
    meta: RequestMeta,
    enrolmentCode?: string | null,
  ): Promise<{ recoveryCodes: string[]; session: Session }> {
    const user = await this.user(caller.id);
    const pending = await this.checks.totp(user.id);
    if (!pending) throw AppError.field('code', 'Start the set-up again: no authenticator is waiting for a code');
    if (pending.confirmed_at) throw new AppError(ErrorCode.CONFLICT, 'An authenticator app is already set up');
    const recoveryCodes = newRecoveryCodes();
    await inTransaction(this.ds, async (m) => {
      await this.lockUser(m, user.id);
      await this.allowNewFactor(m, caller, user, meta, enrolmentCode);
      await this.checks.guarded(user, meta, 'TOTP', async () => {
        if (!(await this.checks.acceptTotp(m, user.id, pending, String(code ?? '').trim(), false)))
          throw AppError.field('code', INVALID_SECOND_FACTOR);
      });
      await m.query(`UPDATE totp_factor SET confirmed_at = $2 WHERE user_id = $1`, [user.id, this.clock.now()]);
      await this.replaceRecoveryCodes(m, user.id, recoveryCodes);
      await this.factorChanged(m, user, 'totp_enrolled', meta, '', {}, caller.sessionId);
    });
    return {
      recoveryCodes,
      session: await this.newSession(user.id, true, this.clock.now(), sessionOrigin(meta, caller.sessionId)),
    };
  }

  /** Options to create a passkey in the browser (JSON for @simplewebauthn/browser). */
  async passkeyRegistrationOptions(caller: AuthUser): Promise<string> {
    const user = await this.user(caller.id);
    if (await this.checks.hasFactor(user.id)) assertProvenRecently(caller, this.clock.now());
    return this.passkeys.registrationOptions(user);
  }

  /**
   * Stores the passkey the browser made: other sessions end, the owner is mailed, and the caller
   * gets a session proven with it (plus the first recovery codes when it is the account's first factor).
   */
  async addPasskey(
    caller: AuthUser,
    name: string,
    response: string,
    meta: RequestMeta,
    enrolmentCode?: string | null,
  ): Promise<{ passkey: PasskeyInfo; recoveryCodes: string[]; session: Session }> {
    const label = String(name ?? '').trim();
    if (!label) throw AppError.field('name', 'name is required');
    if (label.length > 60) throw AppError.field('name', 'name must be at most 60 characters');
    const user = await this.user(caller.id);
    const added = await inTransaction(this.ds, async (m) => {
      await this.lockUser(m, user.id);
      await this.allowNewFactor(m, caller, user, meta, enrolmentCode);
      const passkey = await this.passkeys.register(user.id, label, String(response ?? ''), m);
      // The account's first second factor brings the recovery codes (an authenticator brings its own).
      const [{ has }] = await sqlRows<{ has: boolean }>(
        m,
        `SELECT EXISTS (SELECT 1 FROM recovery_code WHERE user_id = $1) AS has`,
        [user.id],
      );
      const codes = has ? [] : newRecoveryCodes();
      if (codes.length) await this.replaceRecoveryCodes(m, user.id, codes);
      await this.factorChanged(m, user, 'passkey_added', meta, label, { passkeyId: passkey.id }, caller.sessionId);
      return { passkey, recoveryCodes: codes };
    });
    return {
      ...added,
      session: await this.newSession(user.id, true, this.clock.now(), sessionOrigin(meta, caller.sessionId)),
    };
  }

  /**
   * The rule for a new factor, checked in `m`'s transaction (the user's row locked): an account
   * that has a factor needs one proven in this session within the last minutes; an administrator's
   * first factor needs a one-time enrolment code, spent here (so a stolen password alone can't
   * enrol); an investor's first factor needs the session only.
   */
  private async allowNewFactor(
    m: EntityManager,
    caller: AuthUser,
    user: User,
    meta: RequestMeta,
    enrolmentCode?: string | null,
  ): Promise<void> {
    if (await this.checks.hasFactor(user.id, m)) return assertProvenRecently(caller, this.clock.now());
    if (user.type !== UserType.ADMIN) return;
    const code = String(enrolmentCode ?? '').trim();
    if (!code) throw AppError.field('enrolmentCode', ENROLMENT_CODE_MISSING);
    await this.checks.guarded(user, meta, 'ENROLMENT_CODE', async () => {
      if (!(await this.enrolmentCodes.consume(m, user.id, code)))
        throw AppError.field('enrolmentCode', ENROLMENT_CODE_INVALID);
    });
  }

  /**
   * Mails an administrator without a second factor the one-time code that enrolling the first one
   * needs (a new code voids the older; one a minute).
   */
  async sendEnrolmentCode(caller: AuthUser, meta: RequestMeta): Promise<{ expiresAt: Date }> {
    const user = await this.user(caller.id);
    if (user.type !== UserType.ADMIN)
      throw new AppError(ErrorCode.CONFLICT, 'Only administrators need an enrolment code: set up your factor directly');
    if (await this.checks.hasFactor(user.id))
      throw new AppError(ErrorCode.CONFLICT, 'You already have a second factor: confirm it to add another one');
    await this.limits.takeCodeResend(user.email, 'admin_enrolment');
    return inTransaction(this.ds, async (m) => {
      const { code, expiresAt } = await this.enrolmentCodes.issue(user.id, m);
      await this.audit.record(
        {
          action: 'second_factor.enrolment_code_sent',
          actorId: user.id,
          subjectType: 'user',
          subjectId: user.id,
          ip: meta.ip,
        },
        m,
      );
      await this.outbox.queue(m, {
        kind: 'enrolment_code',
        to: user.email,
        userId: user.id,
        content: enrolmentCodeMail({ brand: this.brand, locale: user.locale }, greetingName(user), code, expiresAt),
      });
      return { expiresAt };
    });
  }

  // ---- Removing a factor ----

  /** Turns the authenticator off; needs a current authenticator or recovery code. */
  async disableTotp(caller: AuthUser, code: string, meta: RequestMeta): Promise<SecurityChange> {
    const user = await this.user(caller.id);
    await inTransaction(this.ds, async (m) => {
      await this.lockUser(m, user.id);
      const factors = await this.checks.factors(user.id, m);
      if (!factors.totp) throw new AppError(ErrorCode.NOT_FOUND, 'No authenticator app is set up');
      if (user.type === UserType.ADMIN && factors.passkeys === 0)
        throw new AppError(ErrorCode.CONFLICT, LAST_FACTOR_MESSAGE);
      await this.checks.checkCode(m, user, code, meta);
      await m.query(`DELETE FROM totp_factor WHERE user_id = $1`, [user.id]);
      // Recovery codes back up the account's second factor: gone with the last one.
      await m.query(
        `DELETE FROM recovery_code WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM passkey WHERE user_id = $1)`,
        [user.id],
      );
      await this.factorChanged(m, user, 'totp_disabled', meta, '', {}, caller.sessionId);
    });
    return this.changed(caller, meta);
  }

  /** Removes a passkey of the caller's; needs a recent proof, and an administrator keeps one factor. */
  async removePasskey(caller: AuthUser, id: string, meta: RequestMeta): Promise<SecurityChange> {
    const user = await this.user(caller.id);
    await inTransaction(this.ds, async (m) => {
      await this.lockUser(m, user.id);
      const [passkey] = await sqlRows<{ name: string }>(m, `SELECT name FROM passkey WHERE id = $1 AND user_id = $2`, [
        id,
        user.id,
      ]);
      if (!passkey) throw new AppError(ErrorCode.NOT_FOUND, 'Passkey not found');
      const factors = await this.checks.factors(user.id, m);
      if (user.type === UserType.ADMIN && !factors.totp && factors.passkeys <= 1)
        throw new AppError(ErrorCode.CONFLICT, LAST_FACTOR_MESSAGE);
      assertProvenRecently(caller, this.clock.now());
      await this.passkeys.remove(user.id, id, m);
      await m.query(
        `DELETE FROM recovery_code WHERE user_id = $1
            AND NOT EXISTS (SELECT 1 FROM passkey WHERE user_id = $1)
            AND NOT EXISTS (SELECT 1 FROM totp_factor WHERE user_id = $1 AND confirmed_at IS NOT NULL)`,
        [user.id],
      );
      await this.factorChanged(m, user, 'passkey_removed', meta, passkey.name, { passkeyId: id }, caller.sessionId);
    });
    return this.changed(caller, meta);
  }

  // ---- Recovery codes ----

  /**
   * New recovery codes (the old ones stop working), shown once. Needs a current authenticator or
   * recovery code, or (without one: passkey-only accounts) a factor proven in this session recently.
   */
  async regenerateRecoveryCodes(caller: AuthUser, code: string | null, meta: RequestMeta): Promise<string[]> {
    const user = await this.user(caller.id);
    if (!(await this.checks.hasFactor(user.id)))
      throw new AppError(ErrorCode.CONFLICT, 'Set up an authenticator app or a passkey first');
    const codes = newRecoveryCodes();
    await inTransaction(this.ds, async (m) => {
      if (code?.trim()) await this.checks.checkCode(m, user, code, meta);
      else assertProvenRecently(caller, this.clock.now());
      await this.replaceRecoveryCodes(m, user.id, codes);
      await this.checks.recordChange(m, user, 'recovery_codes_regenerated', meta);
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

  // ---- Step-up: proving a factor again inside a session ----

  /** Proves a factor again with an authenticator or recovery code: a session proven just now. */
  async stepUpWithCode(caller: AuthUser, code: string, meta: RequestMeta): Promise<Session> {
    const user = await this.user(caller.id);
    if (!(await this.checks.hasFactor(user.id)))
      throw new AppError(ErrorCode.CONFLICT, 'Set up an authenticator app or a passkey first');
    const method = await inTransaction(this.ds, (m) => this.checks.checkCode(m, user, code, meta));
    return this.steppedUp(user, method, meta, caller.sessionId);
  }

  /** WebAuthn request options (JSON) to prove a passkey again inside the session. */
  async stepUpPasskeyOptions(caller: AuthUser): Promise<string> {
    return this.passkeys.stepUpOptions(caller.id);
  }

  /** Proves a passkey again (its answer to `stepUpPasskeyOptions`): a session proven just now. */
  async stepUpWithPasskey(caller: AuthUser, response: string, meta: RequestMeta): Promise<Session> {
    const user = await this.user(caller.id);
    try {
      await this.passkeys.verifyStepUp(user.id, String(response ?? ''));
    } catch (err) {
      await this.checks.failed(user, meta, 'PASSKEY');
      throw err;
    }
    return this.steppedUp(user, 'PASSKEY', meta, caller.sessionId);
  }

  /** Audits a step-up and renews the caller's session (`sessionId`) proven just now. */
  private async steppedUp(user: User, method: string, meta: RequestMeta, sessionId?: string): Promise<Session> {
    await this.audit.record({
      action: 'second_factor.step_up',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
      metadata: { method },
    });
    return this.newSession(user.id, true, this.clock.now(), sessionOrigin(meta, sessionId));
  }

  // ---- Shared ----

  /**
   * Serialises factor changes of one user (the "has a factor" and "last factor" checks hold until
   * commit). NO KEY UPDATE, not UPDATE: rows that point at the user (the audit and mail of a spent
   * budget, written on another connection meanwhile) take KEY SHARE, which UPDATE would block: a deadlock.
   */
  private async lockUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`SELECT id FROM app_user WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
  }

  /**
   * A factor was added or removed: every other session and socket ends (the acting session
   * `keepSessionId` goes on with a new token); audited and mailed.
   */
  private async factorChanged(
    m: EntityManager,
    user: User,
    event: 'totp_enrolled' | 'totp_disabled' | 'passkey_added' | 'passkey_removed',
    meta: RequestMeta,
    detail = '',
    metadata: Record<string, unknown> = {},
    keepSessionId?: string,
  ): Promise<void> {
    await endSessions(m, user.id, 'security_changed', keepSessionId);
    await this.checks.recordChange(m, user, event, meta, detail, metadata);
  }

  /** After a removal: the settings, and the caller's session renewed as it was (the old token ended). */
  private async changed(caller: AuthUser, meta: RequestMeta): Promise<SecurityChange> {
    const session = await this.newSession(
      caller.id,
      caller.secondFactor === true,
      caller.factorProvenAt,
      sessionOrigin(meta, caller.sessionId),
    );
    return { security: await this.status(caller.id), session };
  }

  /** A session token issued after a commit (it carries the user's current token cut-off). */
  private async newSession(
    userId: string,
    secondFactor: boolean,
    provenAt: Date | undefined,
    origin: SessionOrigin,
  ): Promise<Session> {
    this.tokens.callerChanged(userId);
    const user = await this.user(userId);
    return { token: await this.tokens.issue(user, secondFactor, provenAt, origin), user };
  }
}
