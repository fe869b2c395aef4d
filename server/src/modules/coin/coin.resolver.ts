import { Arg, Query, Resolver } from 'type-graphql';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { Auth } from '../../graphql/auth';
import type { Services } from '../../services';
import { ApiKeyScope } from '../auth/scopes';
import { Role } from '../auth/role';
import { CoinMarket } from './coin-market';

/** GraphQL adapter for the Rate Chart's market data (signed-in users: it is dashboard data). */
@Resolver(() => CoinMarket)
export class CoinResolver {
  constructor(private readonly services: Services) {}

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => CoinMarket, {
    description:
      "Market prices of the exchange's coins (unknown exchange: no coins); last known prices when the feed is down",
  })
  coins(@Arg('exchange', () => String, { defaultValue: DEFAULT_EXCHANGE }) exchange: string): Promise<CoinMarket> {
    return this.services.coins.list(exchange);
  }
}
