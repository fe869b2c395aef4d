import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { AppError, ErrorCode } from '../../errors';

/** Thrown when a limit is hit; the message says when to retry, nothing more. */
function limited(res: unknown): never {
  const seconds = res instanceof RateLimiterRes ? Math.ceil(res.msBeforeNext / 1000) : 60;
  throw new AppError(ErrorCode.RATE_LIMITED, `Too many attempts. Try again in ${seconds} seconds.`);
}

/**
 * Postgres-backed limits (table `rate_limit`), so they hold across server instances:
 * failed logins per account, auth requests per IP (register, codes, login, reset), and
 * contact-form messages per IP.
 */
export class RateLimits {
  private readonly loginFailures: RateLimiterPostgres;
  private readonly perIp: RateLimiterPostgres;
  private readonly contactPerIp: RateLimiterPostgres;

  constructor(ds: DataSource, config: Pick<Config, 'rateLimits'>) {
    const storeClient = (ds.driver as unknown as { master: Pool }).master;
    const base = { storeClient, storeType: 'pool', tableName: 'rate_limit', tableCreated: true };
    this.loginFailures = new RateLimiterPostgres({
      ...base,
      keyPrefix: 'login_fail',
      points: config.rateLimits.loginFailuresPerAccount,
      duration: 15 * 60,
      blockDuration: 15 * 60,
    });
    this.perIp = new RateLimiterPostgres({
      ...base,
      keyPrefix: 'auth_ip',
      points: config.rateLimits.requestsPerIpHourly,
      duration: 3600,
    });
    this.contactPerIp = new RateLimiterPostgres({
      ...base,
      keyPrefix: 'contact_ip',
      points: config.rateLimits.contactMessagesPerIpHourly,
      duration: 3600,
    });
  }

  /** Spends one auth request of this IP's hourly budget. */
  async hitIp(ip: string | null): Promise<void> {
    await this.perIp.consume(ip ?? 'unknown').catch(limited);
  }

  /** Spends one contact-form message of this IP's hourly budget (the form mails support). */
  async hitContact(ip: string | null): Promise<void> {
    await this.contactPerIp.consume(ip ?? 'unknown').catch(limited);
  }

  /** Refuses a login for an account that already failed too often (checked before the password). */
  async assertLoginAllowed(email: string): Promise<void> {
    const res = await this.loginFailures.get(email);
    if (res && res.consumedPoints >= this.loginFailures.points) limited(res);
  }

  /** Counts one failed login against the account. */
  async loginFailed(email: string): Promise<void> {
    await this.loginFailures.consume(email).catch(() => undefined);
  }

  /** A successful login clears the account's failure count. */
  async loginSucceeded(email: string): Promise<void> {
    await this.loginFailures.delete(email);
  }
}
