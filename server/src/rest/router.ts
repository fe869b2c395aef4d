import { Router } from 'express';
import { AppError, ErrorCode } from '../errors';
import { accountRoutes } from '../modules/account/account.rest';
import { authRoutes } from '../modules/auth/auth.rest';
import { secondFactorRoutes } from '../modules/second-factor/second-factor.rest';
import { coinRoutes } from '../modules/coin/coin.rest';
import { contactRoutes } from '../modules/contact/contact.rest';
import { notificationRoutes } from '../modules/notifications/notification.rest';
import { planRoutes } from '../modules/plan/plan.rest';
import { settlementRoutes } from '../modules/settlement/settlement.rest';
import { testClockRoutes } from './test-clock.rest';
import { siteRoutes } from '../modules/site/site.rest';
import { transactionRoutes } from '../modules/transaction/transaction.rest';
import { uploadRoutes } from '../modules/upload/upload.rest';
import { userRoutes } from '../modules/user/user.rest';
import { walletRoutes } from '../modules/wallet/wallet.rest';
import type { Services } from '../services';
import { restErrorHandler } from './respond';

/** The legacy REST facade under /api: one route table over the same services as GraphQL. */
export function restRouter(services: Services): Router {
  const router = Router();
  walletRoutes(router, services);
  planRoutes(router, services);
  // Auth first: its fixed /user/* paths (PUT /user/password) must win over PUT /user/{userId}.
  authRoutes(router, services);
  secondFactorRoutes(router, services);
  userRoutes(router, services);
  siteRoutes(router, services);
  contactRoutes(router, services);
  accountRoutes(router, services);
  transactionRoutes(router, services);
  settlementRoutes(router, services);
  coinRoutes(router, services);
  uploadRoutes(router, services);
  testClockRoutes(router, services); // TEST ONLY: mounted only when config.testClockControl (else 404)
  notificationRoutes(router, services);
  router.use((req, _res, next) =>
    next(new AppError(ErrorCode.NOT_FOUND, `No such API path: ${req.method} ${req.path}`)),
  );
  router.use(restErrorHandler(services.logger));
  return router;
}
