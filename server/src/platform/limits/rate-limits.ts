import { OTP_RESEND_SECONDS } from '@cryptovest/common';
import type { EntityManager } from 'typeorm';
import type { Allowance } from '../../kernel/allowance';
import type { Config } from '../../kernel/config';
import { AppError, ErrorCode } from '../../kernel/errors';
import { NO_SECURITY_SIGNALS, type SecuritySignals, type SignInFactor } from '../metrics';
import { type BudgetRule, type BudgetState, Budgets, waitText } from './budget';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** Every named budget the server enforces, sized from configuration. */
export function budgetRules(limits: Config['rateLimits']) {
  return {
    /** Sign-in and sign-up requests per IP (register, codes, login, reset). */
    authPerIp: { name: 'auth_ip', limit: limits.requestsPerIpHourly, windowSeconds: HOUR, what: 'requests' },
    /** Contact-form messages per IP (each one mails support). */
    contactPerIp: {
      name: 'contact_ip',
      limit: limits.contactMessagesPerIpHourly,
      windowSeconds: HOUR,
      what: 'messages',
    },
    /** GraphQL requests per IP without a session (the public pages need a handful). */
    graphqlGuestPerIp: {
      name: 'gql_guest',
      limit: limits.graphqlGuestPerIpMinute,
      windowSeconds: MINUTE,
      what: 'requests',
    },
    /** Requests per API key (each key its own budget, apart from its owner's sessions). */
    apiKeyPerMinute: {
      name: 'api_key',
      limit: limits.apiKeyRequestsPerMinute,
      windowSeconds: MINUTE,
      what: 'requests',
    },
    /** Image uploads per user. */
    uploadsPerUser: { name: 'upload_user', limit: limits.uploadsPerUserHourly, windowSeconds: HOUR, what: 'uploads' },
    /** Password checks per (account, IP): strict, so one source cannot guess for long. */
    passwordPerAccountIp: { name: 'pw_acct_ip', limit: limits.loginFailuresPerAccountIp, windowSeconds: 15 * MINUTE },
    /** Password checks per account from anywhere: high, so a stranger can hardly lock the owner out. */
    passwordPerAccount: { name: 'pw_acct', limit: limits.loginFailuresPerAccount, windowSeconds: DAY },
    /** Failed e-mail code checks per account, across codes and purposes; resending never refills it. */
    codeChecksPerAccount: { name: 'otp_fail', limit: limits.otpFailuresPerDay, windowSeconds: DAY },
    /** Failed e-mail code checks per (account, IP): the strict part, so one source spends only some of the day's. */
    codeChecksPerAccountIp: { name: 'otp_fail_ip', limit: limits.otpFailuresPerAccountIpHourly, windowSeconds: HOUR },
    /**
     * Wrong authenticator, recovery and enrolment codes per account: its own budget, reachable only
     * with the password (or a session), so a stranger spending e-mail codes never blocks sign-in.
     */
    secondFactorPerAccount: { name: 'mfa_fail', limit: limits.secondFactorFailuresPerDay, windowSeconds: DAY },
    /** E-mail codes per address and purpose: one a minute, whether or not the address is registered. */
    codeResend: { name: 'otp_resend', limit: 1, windowSeconds: OTP_RESEND_SECONDS, what: 'codes' },
  } satisfies Record<string, BudgetRule>;
}

/**
 * The server's rate limits and lockouts, over shared budgets (table `budget`), so they hold
 * across instances. Guarded work takes its unit first and gives it back only when the attempt
 * succeeded, so parallel guesses can never run more checks than the budget allows.
 */
export class RateLimits {
  readonly rules: ReturnType<typeof budgetRules>;

  constructor(
    private readonly budgets: Budgets,
    config: Pick<Config, 'rateLimits'>,
    /** Told when a sign-in budget refuses an attempt (`cryptovest_lockouts_total`). */
    private readonly signals: Pick<SecuritySignals, 'lockedOut'> = NO_SECURITY_SIGNALS,
  ) {
    this.rules = budgetRules(config.rateLimits);
  }

  /** Runs a sign-in budget's `take`; its refusal is a lockout of `factor` (then rethrown as it was). */
  private async guard<T>(factor: SignInFactor, take: () => Promise<T>): Promise<T> {
    try {
      return await take();
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.RATE_LIMITED) this.signals.lockedOut(factor);
      throw err;
    }
  }

  /** Spends one auth request of this IP's hourly budget. */
  async hitIp(ip: string | null): Promise<void> {
    await this.budgets.take(this.rules.authPerIp, ip ?? 'unknown');
  }

  /** Spends one contact-form message of this IP's hourly budget. */
  async hitContact(ip: string | null): Promise<void> {
    await this.budgets.take(this.rules.contactPerIp, ip ?? 'unknown');
  }

  /** Spends one GraphQL request of a guest IP's per-minute budget. */
  async hitGraphqlGuest(ip: string | null): Promise<void> {
    await this.budgets.take(this.rules.graphqlGuestPerIp, ip ?? 'unknown');
  }

  /** Spends one request of an API key's per-minute budget. */
  async hitApiKey(keyId: string): Promise<Allowance> {
    return (await this.budgets.take(this.rules.apiKeyPerMinute, keyId)).allowance;
  }

  /** Spends one upload of the user's hourly budget. */
  async hitUpload(userId: string): Promise<void> {
    await this.budgets.take(this.rules.uploadsPerUser, userId);
  }

  /** An upload our storage could not take does not count against the user. */
  async uploadRefused(userId: string): Promise<void> {
    await this.budgets.refund(this.rules.uploadsPerUser, userId);
  }

  /**
   * Takes one password check for `email` before the password is verified (login and the old
   * password of a change): 429 once this IP, or everybody together, spent the account's budget.
   */
  async takePasswordCheck(email: string, ip: string | null): Promise<void> {
    await this.guard('password', async () => {
      await this.budgets.take(this.rules.passwordPerAccountIp, `${email}|${ip ?? 'unknown'}`);
      await this.budgets.take(this.rules.passwordPerAccount, email);
    });
  }

  /** The password was right: the failures before it no longer count (consecutive failures only). */
  async passwordAccepted(email: string, ip: string | null): Promise<void> {
    await this.budgets.reset(this.rules.passwordPerAccountIp, `${email}|${ip ?? 'unknown'}`);
    await this.budgets.reset(this.rules.passwordPerAccount, email);
  }

  /** After a password reset the owner starts clean, from every IP. */
  async clearPasswordChecks(email: string): Promise<void> {
    await this.budgets.resetPrefix(this.rules.passwordPerAccountIp, `${email}|`);
    await this.budgets.reset(this.rules.passwordPerAccount, email);
  }

  /**
   * Takes one e-mail code check for `email` from `ip` before the code is compared: 429 once this
   * IP spent its share, or everybody together the account's day. Reports the account's state.
   */
  async takeCodeCheck(email: string, ip: string | null): Promise<BudgetState> {
    return this.guard('email_code', async () => {
      await this.budgets.take(this.rules.codeChecksPerAccountIp, `${email}|${ip ?? 'unknown'}`);
      return this.budgets.take(this.rules.codeChecksPerAccount, email);
    });
  }

  /** A right code is not a failure: its units are given back. */
  async codeAccepted(email: string, ip: string | null): Promise<void> {
    await this.budgets.refund(this.rules.codeChecksPerAccountIp, `${email}|${ip ?? 'unknown'}`);
    await this.budgets.refund(this.rules.codeChecksPerAccount, email);
  }

  /** Takes one second-factor check (authenticator, recovery or enrolment code) of `userId` (429 once spent). */
  takeSecondFactorCheck(userId: string): Promise<BudgetState> {
    return this.guard('second_factor', () => this.budgets.take(this.rules.secondFactorPerAccount, userId));
  }

  /** A right second factor is not a failure: its unit is given back. */
  async secondFactorAccepted(userId: string): Promise<void> {
    await this.budgets.refund(this.rules.secondFactorPerAccount, userId);
  }

  /**
   * Takes the address's one code of the minute for `purpose` before a resend is answered, the same
   * way for registered and unknown addresses (so the answer reveals nothing): 429 RATE_LIMITED with
   * the seconds left ("Wait 42 seconds before asking for a new code").
   */
  async takeCodeResend(email: string, purpose: string): Promise<void> {
    try {
      await this.budgets.take(this.rules.codeResend, resendKey(email, purpose));
    } catch (err) {
      if (!(err instanceof AppError) || err.retryAfterSeconds === undefined) throw err;
      const seconds = err.retryAfterSeconds;
      throw AppError.rateLimited(`Wait ${waitText(seconds)} before asking for a new code`, seconds);
    }
  }

  /**
   * A code goes out without a resend request (sign-up, an unverified sign-in): starts the address's
   * minute, so "resend" right after is refused with the wait instead of answering "sent" for nothing.
   * False when the minute was already running (the caller sends nothing then).
   */
  async claimCodeSend(email: string, purpose: string, m?: EntityManager): Promise<boolean> {
    // Nothing is refused here (the caller just sends no second code): not a rate-limit refusal.
    return this.budgets.tryTake(this.rules.codeResend, resendKey(email, purpose), 1, m);
  }

  /** True while the account's code budget is spent (new codes would be useless, so none are sent). */
  async codesLocked(email: string): Promise<boolean> {
    const state = await this.budgets.peek(this.rules.codeChecksPerAccount, email);
    return !!state && state.used >= state.limit;
  }
}

/** The resend budget's key: purpose and the address as stored (trimmed, lower case). */
const resendKey = (email: string, purpose: string) => `${purpose}|${email.trim().toLowerCase()}`;
