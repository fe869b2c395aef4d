import { Router } from 'express';
import { AppError, ErrorCode } from '../errors';
import { authRoutes } from '../modules/auth/auth.rest';
import { contactRoutes } from '../modules/contact/contact.rest';
import { planRoutes } from '../modules/plan/plan.rest';
import { siteRoutes } from '../modules/site/site.rest';
import { userRoutes } from '../modules/user/user.rest';
import { walletRoutes } from '../modules/wallet/wallet.rest';
import type { Services } from '../services';
import { restErrorHandler } from './respond';

/** The legacy REST facade under /api: one route table over the same services as GraphQL. */
export function restRouter(services: Services): Router {
  const router = Router();
  walletRoutes(router, services);
  planRoutes(router, services);
  userRoutes(router, services);
  authRoutes(router, services);
  siteRoutes(router, services);
  contactRoutes(router, services);
  router.use((req, _res, next) =>
    next(new AppError(ErrorCode.NOT_FOUND, `No such API path: ${req.method} ${req.path}`)),
  );
  router.use(restErrorHandler(services.logger));
  return router;
}
