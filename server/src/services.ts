import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import { AuditService } from './modules/audit/audit.service';
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
}

/** Wires services once per process. */
export function createServices(config: Readonly<Config>, ds: DataSource, logger: Logger): Services {
  const audit = new AuditService(ds);
  return {
    config,
    logger,
    ds,
    audit,
    tokens: new TokenService(config, ds),
    plans: new PlanService(ds),
    wallets: new WalletService(ds),
    users: new UserService(ds, audit),
  };
}
