import { Counter, type Registry } from 'prom-client';

/** What a sign-in attempt proves: the password, an e-mail code, a second factor (authenticator, recovery code, passkey). */
export const SIGN_IN_FACTORS = ['password', 'email_code', 'second_factor'] as const;

/** One of SIGN_IN_FACTORS: the bounded label of the login failure and lockout counters. */
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

/** A budget name as a label: the server's own rule names; anything else would be `other`. */
const LIMIT_RE = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * What the services report where they decide: auth (wrong password or code), limits (a budget
 * refusing). Services take this interface, never prom-client, so tests and scripts pass nothing.
 */
export interface SecuritySignals {
  /** A sign-in or code check failed on its proof (not on a budget): wrong password, code or passkey answer. */
  loginFailed(factor: SignInFactor): void;
  /** A sign-in budget (password, e-mail code, second factor) refused an attempt: the account is locked for its window. */
  lockedOut(factor: SignInFactor): void;
  /** A rate-limit budget refused a request (`limit`: the rule's name, e.g. `auth_ip`). */
  rateLimited(limit: string): void;
}

/** Signals nobody counts (tests and commands that build a service alone). */
export const NO_SECURITY_SIGNALS: SecuritySignals = {
  loginFailed: () => undefined,
  lockedOut: () => undefined,
  rateLimited: () => undefined,
};

/**
 * The security counters: `cryptovest_login_failures_total{factor}`, `cryptovest_lockouts_total{factor}`,
 * `cryptovest_rate_limit_refusals_total{limit}`. Made once per process by the composition root (the
 * services count into it), registered into each app's registry by createMetrics. Labels are bounded
 * (factors, rule names): never a user, address or IP. Known labels start at 0, so rates work from the
 * first scrape.
 */
export class SecurityMetrics implements SecuritySignals {
  private readonly failures = new Counter({
    name: 'cryptovest_login_failures_total',
    help: 'Sign-in proofs refused (wrong password, e-mail code or second factor), by factor',
    labelNames: ['factor'] as const,
    registers: [],
  });
  private readonly lockouts = new Counter({
    name: 'cryptovest_lockouts_total',
    help: 'Attempts refused because the account spent its password, e-mail code or second-factor budget, by factor',
    labelNames: ['factor'] as const,
    registers: [],
  });
  private readonly refusals = new Counter({
    name: 'cryptovest_rate_limit_refusals_total',
    help: 'Requests refused by a rate-limit budget (429), by budget name',
    labelNames: ['limit'] as const,
    registers: [],
  });

  /** `limits`: the budget names to show at 0 from the start (the server's rules). */
  constructor(limits: readonly string[] = []) {
    for (const factor of SIGN_IN_FACTORS) {
      this.failures.inc({ factor }, 0);
      this.lockouts.inc({ factor }, 0);
    }
    for (const limit of limits) this.refusals.inc({ limit: this.limitLabel(limit) }, 0);
  }

  loginFailed(factor: SignInFactor): void {
    this.failures.inc({ factor });
  }

  lockedOut(factor: SignInFactor): void {
    this.lockouts.inc({ factor });
  }

  rateLimited(limit: string): void {
    this.refusals.inc({ limit: this.limitLabel(limit) });
  }

  /** Adds the counters to an app's registry (one process may serve several apps in tests). */
  register(registry: Registry): void {
    registry.registerMetric(this.failures);
    registry.registerMetric(this.lockouts);
    registry.registerMetric(this.refusals);
  }

  private limitLabel(limit: string): string {
    return LIMIT_RE.test(limit) ? limit : 'other';
  }
}
