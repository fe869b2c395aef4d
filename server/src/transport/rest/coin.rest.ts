import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/coin.contract';
import { route } from './respond';
import type { CoinService } from '../../modules/coin';

/** The services this adapter calls; the composition root passes them. */
export interface CoinRestDeps extends AuthDeps {
  coins: CoinService;
}

/**
 * GET /api/coins?exchange=TW -> `{ data: [coin], meta: { status, updatedAt } }` (DESIGN §3).
 * Legacy clients read `data` as the coin list; `meta` says how fresh the prices are.
 */
export function coinRoutes(api: RestApi, services: CoinRestDeps): void {
  api.mount(
    ops.listCoins,
    route(async (req, res) => {
      const exchange =
        typeof req.query.exchange === 'string' && req.query.exchange ? req.query.exchange : DEFAULT_EXCHANGE;
      const market = await services.coins.list(exchange);
      res.status(200).json({
        data: market.coins.map((c) => ({
          name: c.name,
          symbol: c.symbol,
          priceUsd: c.priceUsd,
          change24hPercent: c.change24hPercent,
          sparkline: c.sparkline,
          updatedAt: c.updatedAt.toISOString(),
        })),
        meta: { status: market.status, updatedAt: market.updatedAt?.toISOString() ?? null },
      });
    }),
  );
}
