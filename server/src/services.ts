import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import { AuditService } from './modules/audit/audit.service';
import { AuthService } from './modules/auth/auth.service';
import { ContactService } from './modules/contact/contact.service';
import { OtpService } from './modules/auth/otp.service';
import { RateLimits } from './modules/auth/rate-limits';
import { Mailer } from './modules/mail/mailer';
import { TokenService } from './modules/auth/token.service';
import { PlanService } from './modules/plan/plan.service';
import { UserService } from './modules/user/user.service';
import { WalletService } from './modules/wallet/wallet.service';

/** The one service layer. GraphQL resolvers and REST routes both call these, nothing else. */
export interface Services {
  config: Readonly<Config>;
  logger: Logger;
  ds: DataSource;
  audit: AuditService;
  tokens: TokenService;
  plans: PlanService;
  wallets: WalletService;
  users: UserService;
  auth: AuthService;
  mailer: Mailer;
  contact: ContactService;
}

/** Wires services once per process. */
export function createServices(config: Readonly<Config>, ds: DataSource, logger: Logger): Services {
  const audit = new AuditService(ds);
  const tokens = new TokenService(config, ds);
  const mailer = new Mailer(config, logger);
  const otp = new OtpService(ds, config.jwtSecret, config.otpLength);
  const limits = new RateLimits(ds, config);
  return {
    config,
    logger,
    ds,
    audit,
    tokens,
    mailer,
    auth: new AuthService(ds, config, tokens, otp, limits, mailer, audit, logger),
    contact: new ContactService(ds, config, limits, mailer, audit, logger),
    plans: new PlanService(ds),
    wallets: new WalletService(ds),
    users: new UserService(ds, audit),
  };
}
