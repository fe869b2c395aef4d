import type { Router } from 'express';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { route, sendData } from '../../rest/respond';
import type { Services } from '../../services';

/** GET /api/wallets?exchange=TW -> `{ data: [{ name, value, imageUrl }] }` (SPEC §7). */
export function walletRoutes(router: Router, services: Services): void {
  router.get(
    '/wallets',
    route(async (req, res) => {
      const exchange =
        typeof req.query.exchange === 'string' && req.query.exchange ? req.query.exchange : DEFAULT_EXCHANGE;
      const wallets = await services.wallets.list(exchange);
      sendData(
        res,
        wallets.map((w) => ({ name: w.name, value: w.address, imageUrl: w.imageUrl })),
      );
    }),
  );
}
