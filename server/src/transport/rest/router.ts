import { Router } from 'express';
import { AppError, ErrorCode } from '../../kernel/errors';
import { accountRoutes } from './account.rest';
import { authRoutes } from './auth.rest';
import { secondFactorRoutes } from './second-factor.rest';
import { sessionRoutes } from './session.rest';
import { coinRoutes } from './coin.rest';
import { contactRoutes } from './contact.rest';
import { notificationRoutes } from './notification.rest';
import { webhookRoutes } from './webhook.rest';
import { planRoutes } from './plan.rest';
import { settlementRoutes } from './settlement.rest';
import { testClockRoutes } from './test-clock.rest';
import { siteRoutes } from './site.rest';
import { transactionRoutes } from './transaction.rest';
import { uploadRoutes } from './upload.rest';
import { userRoutes } from './user.rest';
import { walletRoutes } from './wallet.rest';
import { depositAddressRoutes } from './deposit-address.rest';
import { statementRoutes } from './statement.rest';
import type { Logger } from '../../kernel/logger';
import { restErrorHandler } from './respond';
import { RestApi } from './mount';

/** What the route table needs together: each route group's named services, and the logger. */
export type RouterDeps = { logger: Logger } & Parameters<typeof walletRoutes>[1] &
  Parameters<typeof depositAddressRoutes>[1] &
  Parameters<typeof planRoutes>[1] &
  Parameters<typeof authRoutes>[1] &
  Parameters<typeof secondFactorRoutes>[1] &
  Parameters<typeof sessionRoutes>[1] &
  Parameters<typeof userRoutes>[1] &
  Parameters<typeof siteRoutes>[1] &
  Parameters<typeof contactRoutes>[1] &
  Parameters<typeof accountRoutes>[1] &
  Parameters<typeof transactionRoutes>[1] &
  Parameters<typeof settlementRoutes>[1] &
  Parameters<typeof coinRoutes>[1] &
  Parameters<typeof uploadRoutes>[1] &
  Parameters<typeof testClockRoutes>[1] &
  Parameters<typeof notificationRoutes>[1] &
  Parameters<typeof webhookRoutes>[1] &
  Parameters<typeof statementRoutes>[1];

/** The legacy REST facade under /api: one route table over the same services as GraphQL. */
export function restRouter(services: RouterDeps): Router {
  return restApi(services).router;
}

/** The route table mounted from the contract (issue 36): `mounted` lists what the document must describe. */
export function restApi(services: RouterDeps): RestApi {
  const router = Router();
  const api = new RestApi(router, services);
  walletRoutes(api, services);
  depositAddressRoutes(api, services);
  planRoutes(api, services);
  // Auth first: its fixed /user/* paths (PUT /user/password) must win over PUT /user/{userId}.
  authRoutes(api, services);
  secondFactorRoutes(api, services);
  sessionRoutes(api, services); // before userRoutes: /user/sessions must win over /user/{userId}
  userRoutes(api, services);
  siteRoutes(api, services);
  contactRoutes(api, services);
  accountRoutes(api, services);
  transactionRoutes(api, services);
  settlementRoutes(api, services);
  coinRoutes(api, services);
  uploadRoutes(api, services);
  testClockRoutes(api, services); // TEST ONLY: mounted only when config.testClockControl (else 404)
  notificationRoutes(api, services);
  webhookRoutes(api, services);
  statementRoutes(api, services);
  router.use((req, _res, next) =>
    next(new AppError(ErrorCode.NOT_FOUND, `No such API path: ${req.method} ${req.path}`)),
  );
  router.use(restErrorHandler(services.logger));
  return api;
}
