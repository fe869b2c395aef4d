import type { RestApi } from './mount';
import * as ops from './contract/site.contract';
import { route, sendData } from './respond';
import type { Config } from '../../kernel/config';

/** The services this adapter calls; the composition root passes them. */
export interface SiteRestDeps {
  config: Readonly<Config>;
}

/** GET /api/site -> `{ data: site }`: the operator's public content for REST clients. */
export function siteRoutes(api: RestApi, services: SiteRestDeps): void {
  api.mount(
    ops.getSite,
    route(async (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      sendData(res, services.config.site);
    }),
  );
}
