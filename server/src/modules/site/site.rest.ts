import type { Router } from 'express';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';

/** GET /api/site -> `{ data: site }`: the operator's public content for REST clients. */
export function siteRoutes(router: Router, services: Services): void {
  router.get(
    '/site',
    route(async (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      sendData(res, services.config.site);
    }),
  );
}
