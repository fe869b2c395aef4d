import { createHash, randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import {
  changePasswordSchema,
  DEFAULT_LOCALE,
  isLocale,
  loginSchema,
  OtpActivity,
  otpSchema,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
} from '@cryptovest/common';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { validate } from '../../kernel/validation';
import { Account } from '../account';
import { creditSignupBonus } from '../ledger';
import { AuditService } from '../../platform/audit';
import type { BackgroundWork } from '../../platform/jobs';
import type { RateLimits } from '../../platform/limits';
import { NO_SECURITY_SIGNALS, type SecuritySignals } from '../../platform/metrics';
import {
  type Mailer,
  type MailOutbox,
  passwordChangedMail,
  resetPasswordMail,
  verifyEmailMail,
  greetingName,
} from '../../platform/mail';
import { User, UserType } from '../user';
import { INVALID_CODE, OTP_TTL_MINUTES, OtpService } from './otp.service';
import {
  noticeCodesLocked,
  hashPassword,
  verifyPassword,
  endSessions,
  sessionOrigin,
  type RequestMeta,
  type Session,
  TokenService,
} from '../identity';
import type { SecondFactorChallenge, SignInSteps } from '../second-factor';

/** Reset tickets are short-lived (DESIGN §3). */
export const RESET_TICKET_MINUTES = 15;
/** Compared against when the e-mail is unknown, so timing does not reveal registered addresses. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$iBP/2r3xGjomk2ZI6auQcA$FG5HgK7oOHfaFdLMFRuOVx8AvPRpBiyyjxfSDsMVrxs';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Registration, e-mail verification, login, password change and reset. Both transports call
 * these methods; every rule (validation, throttles, single use, audit) lives here.
 */
export class AuthService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'signupBonus' | 'otpLength' | 'isProduction' | 'site'>,
    private readonly tokens: TokenService,
    private readonly otp: OtpService,
    private readonly limits: RateLimits,
    private readonly mailer: Mailer,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditService,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly secondFactor: SignInSteps,
    /** Told of each wrong password or e-mail code (`cryptovest_login_failures_total`). */
    private readonly signals: Pick<SecuritySignals, 'loginFailed'> = NO_SECURITY_SIGNALS,
  ) {}

  private get brand(): string {
    return this.config.site.brandName;
  }

  private users() {
    return this.ds.getRepository(User);
  }

  private findByEmail(email: string): Promise<User | null> {
    return this.users().findOne({ where: { email: email.trim().toLowerCase() } });
  }

  /**
   * Issues a code and queues its mail, both in the transaction of `m` (the code exists exactly
   * when its mail is queued). Callers check first that the account's code budget is not spent
   * (`codesLocked`: no code would be accepted) and apply the once-a-minute resend limit.
   */
  private async issueCode(m: EntityManager, user: User, purpose: OtpActivity, meta: RequestMeta): Promise<void> {
    const code = await this.otp.issue(user.id, purpose, m);
    const verify = purpose === 'verify_email';
    const content = verify
      ? verifyEmailMail({ brand: this.brand, locale: user.locale }, greetingName(user), code, OTP_TTL_MINUTES)
      : resetPasswordMail({ brand: this.brand, locale: user.locale }, greetingName(user), code, OTP_TTL_MINUTES);
    await this.audit.record(
      {
        action: 'otp.issued',
        actorId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        ip: meta.ip,
        metadata: { purpose },
      },
      m,
    );
    await this.outbox.queue(m, {
      kind: verify ? 'verify_code' : 'reset_code',
      to: user.email,
      userId: user.id,
      content,
    });
    if (!this.mailer.delivers && !this.config.isProduction)
      this.logger.info({ email: user.email, purpose, code }, 'dev: one-time code');
  }

  /** Issues and queues a code in its own transaction, unless the account's code budget is spent. */
  private async sendCode(user: User, purpose: OtpActivity, meta: RequestMeta): Promise<void> {
    if (await this.limits.codesLocked(user.email)) return;
    await inTransaction(this.ds, (m) => this.issueCode(m, user, purpose, meta));
  }

  /** Creates an investor with a zeroed account and queues its verification code, in one transaction. */
  async register(input: unknown, meta: RequestMeta): Promise<User> {
    await this.limits.hitIp(meta.ip);
    const data = await validate(registerSchema, input);
    const email = data.email.toLowerCase();
    if (await this.findByEmail(email))
      throw AppError.field('email', 'An account with this email already exists', ErrorCode.CONFLICT);
    const passwordHash = await hashPassword(data.password);
    // Failed guesses on this address before it was registered still count (see checkCode).
    const locked = await this.limits.codesLocked(email);
    let user: User;
    try {
      user = await inTransaction(this.ds, async (m) => {
        const created = await m.save(
          m.create(User, {
            fullName: data.fullName,
            email,
            country: data.country.toUpperCase(),
            passwordHash,
            type: UserType.INVESTOR,
            locale: isLocale(data.locale) ? data.locale : DEFAULT_LOCALE,
          }),
        );
        await m.insert(Account, { userId: created.id });
        await this.audit.record(
          { action: 'user.register', actorId: created.id, subjectType: 'user', subjectId: created.id, ip: meta.ip },
          m,
        );
        if (!locked) {
          // A new account always gets its code; the minute starts now (even if someone asked for
          // codes to this address before it was registered).
          await this.limits.claimCodeSend(email, 'verify_email', m);
          await this.issueCode(m, created, 'verify_email', meta);
        }
        return created;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw AppError.field('email', 'An account with this email already exists', ErrorCode.CONFLICT);
      }
      throw err;
    }
    return this.users().findOneByOrFail({ id: user.id });
  }

  /** Checks the e-mail code, marks the address verified, credits the signup bonus once, signs in. */
  async verifyEmail(input: unknown, meta: RequestMeta): Promise<Session> {
    await this.limits.hitIp(meta.ip);
    const { email, otp } = await validate(otpSchema(this.config.otpLength), input);
    const user = await this.checkCode(email, 'verify_email', otp, meta);
    await inTransaction(this.ds, async (m) => {
      await m.query(`UPDATE app_user SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1`, [
        user.id,
        this.clock.now(),
      ]);
      await creditSignupBonus(m, user.id, new Decimal(this.config.signupBonus));
      await this.audit.record(
        { action: 'user.email_verified', actorId: user.id, subjectType: 'user', subjectId: user.id, ip: meta.ip },
        m,
      );
    });
    this.tokens.callerChanged(user.id);
    const fresh = await this.users().findOneByOrFail({ id: user.id });
    return { token: await this.tokens.issue(fresh, false, undefined, sessionOrigin(meta)), user: fresh };
  }

  /**
   * Checks an e-mail code against the account's daily budget of failed checks (all codes and
   * purposes together). The unit is taken before the code is compared, so parallel guesses cannot
   * outrun it, and given back only for the right code. The failure that spends the budget mails
   * the owner and is audited; from then on no code is accepted, not even the right one, until the
   * window ends. Unknown e-mails spend a budget too, so both answer alike.
   */
  private async checkCode(rawEmail: string, purpose: OtpActivity, otp: string, meta: RequestMeta): Promise<User> {
    const email = rawEmail.trim().toLowerCase();
    const budget = await this.limits.takeCodeCheck(email, meta.ip);
    const user = await this.findByEmail(email);
    try {
      if (!user) throw AppError.field('otp', INVALID_CODE);
      await this.otp.consume(user.id, purpose, otp);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION) this.signals.loginFailed('email_code');
      if (user && budget.used === budget.limit)
        await noticeCodesLocked(
          { ds: this.ds, audit: this.audit, outbox: this.outbox, brand: this.brand },
          user,
          budget,
          meta.ip,
        );
      throw err;
    }
    await this.limits.codeAccepted(email, meta.ip);
    return user;
  }

  /**
   * Re-sends a code. The address's once-a-minute limit is applied to the address itself, registered
   * or not, before answering (429 with the seconds left), so known and unknown addresses answer
   * alike; the lookup and the mail happen after the answer, so its timing reveals nothing either.
   */
  async resendOtp(input: unknown, meta: RequestMeta): Promise<void> {
    await this.limits.hitIp(meta.ip);
    const { email, activity } = await validate(resendOtpSchema, input);
    await this.limits.takeCodeResend(email, activity);
    this.background.run('otp.resend', async () => {
      const user = await this.findByEmail(email);
      if (!user) return;
      if (activity === 'verify_email' && user.emailVerifiedAt) return;
      await this.sendCode(user, activity as OtpActivity, meta);
    });
  }

  /**
   * The legacy one-step login (SPEC §7): a session for accounts without a second factor. An
   * account with one is refused with SECOND_FACTOR_REQUIRED: such clients use `signIn`.
   */
  async login(input: unknown, meta: RequestMeta): Promise<Session> {
    const result = await this.signIn(input, meta);
    if (result.session) return result.session;
    throw new AppError(
      ErrorCode.SECOND_FACTOR_REQUIRED,
      'This account uses two-factor sign-in: sign in with signIn (GraphQL) or POST /api/user/login/second-factor',
    );
  }

  /**
   * Password sign-in. Unverified accounts get a fresh code (throttled) and EMAIL_NOT_VERIFIED.
   * Accounts with a second factor get a short-lived ticket and the methods to finish with
   * (see SecondFactorService); the others get their session at once.
   */
  async signIn(
    input: unknown,
    meta: RequestMeta,
  ): Promise<{ session?: Session; secondFactor?: SecondFactorChallenge }> {
    await this.limits.hitIp(meta.ip);
    const { email: rawEmail, password } = await validate(loginSchema, input);
    const email = rawEmail.trim().toLowerCase();
    // Spend the try first: parallel guesses can never verify more passwords than the budget.
    await this.limits.takePasswordCheck(email, meta.ip);
    const user = await this.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user || !ok) {
      this.signals.loginFailed('password');
      await this.audit.record({
        action: 'login.failure',
        actorId: user?.id ?? null,
        subjectType: 'user',
        subjectId: user?.id,
        ip: meta.ip,
        metadata: { email },
      });
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
    }
    await this.limits.passwordAccepted(email, meta.ip);
    if (!user.emailVerifiedAt) {
      // At most one code a minute, however often the password is tried (the resend limit's minute).
      if (await this.limits.claimCodeSend(email, 'verify_email')) await this.sendCode(user, 'verify_email', meta);
      await this.audit.record({
        action: 'login.unverified',
        actorId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        ip: meta.ip,
      });
      throw new AppError(
        ErrorCode.EMAIL_NOT_VERIFIED,
        'Please verify your email first: we have sent a code to your email',
      );
    }
    const secondFactor = await this.secondFactor.challengeFor(user.id);
    await this.audit.record({
      action: secondFactor ? 'login.second_factor_required' : 'login.success',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
    });
    if (secondFactor) return { secondFactor };
    return { session: { token: await this.tokens.issue(user, false, undefined, sessionOrigin(meta)), user } };
  }

  /**
   * Signed-in password change: checks the old one, voids every older token and ends the other
   * sessions, returns a new one for the caller's session `sessionId` (a new session when the
   * caller's token has none), proven with a second factor when the caller's session was.
   */
  async changePassword(
    userId: string,
    input: unknown,
    meta: RequestMeta,
    secondFactor = false,
    sessionId?: string,
  ): Promise<Session> {
    const { oldPassword, newPassword } = await validate(changePasswordSchema, input);
    const user = await this.users().findOneByOrFail({ id: userId });
    // The old password is a password guess like a login's: it spends the same budget.
    await this.limits.takePasswordCheck(user.email, meta.ip);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      await this.audit.record({
        action: 'password.change_failed',
        actorId: userId,
        subjectType: 'user',
        subjectId: userId,
        ip: meta.ip,
      });
      throw AppError.field('oldPassword', 'old password is incorrect');
    }
    await this.limits.passwordAccepted(user.email, meta.ip);
    const fresh = await this.setPassword(user, newPassword, 'password.changed', meta, sessionId);
    return {
      token: await this.tokens.issue(fresh, secondFactor, undefined, sessionOrigin(meta, sessionId)),
      user: fresh,
    };
  }

  /** Checks a reset code and returns a single-use, short-lived reset token. */
  async verifyResetCode(input: unknown, meta: RequestMeta): Promise<string> {
    await this.limits.hitIp(meta.ip);
    const { email, otp } = await validate(otpSchema(this.config.otpLength), input);
    const user = await this.checkCode(email, 'reset_password', otp, meta);
    const token = randomBytes(32).toString('base64url');
    await this.ds.query(
      `INSERT INTO password_reset (user_id, token_hash, expires_at) VALUES ($1, $2, $3::timestamptz + make_interval(mins => $4))`,
      [user.id, sha256(token), this.clock.now(), RESET_TICKET_MINUTES],
    );
    await this.audit.record({
      action: 'password.reset_code_verified',
      actorId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      ip: meta.ip,
    });
    return token;
  }

  /** Sets a new password with a reset token; the token works once, and older sessions end. */
  async resetPassword(input: unknown, meta: RequestMeta): Promise<void> {
    await this.limits.hitIp(meta.ip);
    const { password, token } = await validate(resetPasswordSchema, input);
    const rows = await sqlRows<{ user_id: string }>(
      this.ds,
      `UPDATE password_reset SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [sha256(token), this.clock.now()],
    );
    if (!rows.length) throw AppError.field('token', 'This reset link is invalid or has expired. Request a new code.');
    const user = await this.users().findOneByOrFail({ id: rows[0].user_id });
    await this.setPassword(user, password, 'password.reset', meta);
    // Whoever proved the mailbox is the owner: a stranger's failed guesses no longer lock them out.
    await this.limits.clearPasswordChecks(user.email);
  }

  /**
   * Sets the password, ends older sessions (but `keepSessionId`) and reset tickets, audits and
   * queues the owner's notice: one transaction.
   */
  private async setPassword(
    user: User,
    password: string,
    action: string,
    meta: RequestMeta,
    keepSessionId?: string,
  ): Promise<User> {
    const passwordHash = await hashPassword(password);
    await inTransaction(this.ds, async (m) => {
      await m.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [user.id, passwordHash]);
      await endSessions(m, user.id, 'password_changed', keepSessionId);
      await m.query(`UPDATE password_reset SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [
        user.id,
        this.clock.now(),
      ]);
      await this.audit.record({ action, actorId: user.id, subjectType: 'user', subjectId: user.id, ip: meta.ip }, m);
      await this.outbox.queue(m, {
        kind: 'password_changed',
        to: user.email,
        userId: user.id,
        content: passwordChangedMail({ brand: this.brand, locale: user.locale }, greetingName(user)),
      });
    });
    this.tokens.callerChanged(user.id);
    return this.users().findOneByOrFail({ id: user.id });
  }
}
