import { Arg, Query, Resolver } from 'type-graphql';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { Auth } from './auth';
import { type CoinService, CoinMarket } from '../../modules/coin';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface CoinResolverDeps {
  coins: CoinService;
}

/** GraphQL adapter for the Rate Chart's market data (signed-in users: it is dashboard data). */
@Resolver(() => CoinMarket)
export class CoinResolver {
  constructor(private readonly services: CoinResolverDeps) {}

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => CoinMarket, {
    description:
      "Market prices of the exchange's coins (unknown exchange: no coins); last known prices when the feed is down",
  })
  coins(@Arg('exchange', () => String, { defaultValue: DEFAULT_EXCHANGE }) exchange: string): Promise<CoinMarket> {
    return this.services.coins.list(exchange);
  }
}
