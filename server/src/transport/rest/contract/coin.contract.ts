import { z } from 'zod';
import { CoinFeedStatus } from '../../../modules/coin';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { DecimalText, enumOf, Instant, maybe } from './shapes';

/** GET /api/coins: the Rate Chart's prices (DESIGN §3). */
export const listCoins = operation({
  id: 'listCoins',
  method: 'get',
  path: '/coins',
  tag: 'Coins',
  summary: "Market prices of the exchange's coins, and how fresh they are",
  description:
    '`meta.status` is `LIVE`, `STALE` (the feed is failing: the last known prices, as of `meta.updatedAt`) or ' +
    '`UNAVAILABLE` (nothing known: `data` is empty and `updatedAt` null). An unknown exchange answers an empty list.',
  auth: { role: Role.USER, scopes: [ApiKeyScope.ACCOUNT_READ] },
  query: z.object({ exchange: z.string().optional().meta({ description: 'Exchange code (default TW)' }) }),
  ok: {
    status: 200,
    data: z.array(
      z
        .strictObject({
          name: z.string().meta({ description: 'Coin name, lower case' }),
          symbol: z.string().meta({ description: 'Ticker, e.g. BTC' }),
          priceUsd: DecimalText.meta({ description: 'US dollars, as the provider reported it' }),
          change24hPercent: maybe(DecimalText),
          sparkline: z
            .array(DecimalText)
            .meta({ description: 'Up to 168 hourly USD prices over 7 days, oldest first' }),
          updatedAt: Instant,
        })
        .meta({ id: 'CoinPrice' }),
    ),
    meta: z.strictObject({
      status: enumOf(CoinFeedStatus),
      updatedAt: maybe(Instant).meta({ description: 'Time of the oldest price shown; null when none is known' }),
    }),
  },
});
