import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { DepositAddressView, type ChainModule } from '../../modules/chain';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface DepositAddressResolverDeps {
  chains: Pick<ChainModule, 'depositAddresses'>;
}

/** GraphQL adapter for an investor's deposit address per coin (issue 35). */
@Resolver(() => DepositAddressView)
export class DepositAddressResolver {
  constructor(private readonly services: DepositAddressResolverDeps) {}

  @Auth(Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => DepositAddressView, {
    description:
      "Where the signed-in investor sends a deposit in `crypto`: their own watched address (the same every time) when the coin's chain is configured, else the operator's shared address",
  })
  depositAddress(@Arg('crypto', () => String) crypto: string, @Ctx() ctx: GraphQLContext): Promise<DepositAddressView> {
    return this.services.chains.depositAddresses.forInvestor(ctx.user!.id, crypto);
  }
}
