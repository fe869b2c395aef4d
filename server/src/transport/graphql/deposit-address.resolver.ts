import { Arg, Ctx, Field, InputType, Mutation, Query, Resolver } from 'type-graphql';
import { MoneyScalar } from '../../kernel/scalars';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { DepositAddressView, type ChainModule } from '../../modules/chain';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface DepositAddressResolverDeps {
  chains: Pick<ChainModule, 'depositAddresses'>;
}

/** A deposit intent: the coin, plan and USD amount the investor is about to pay. */
@InputType()
export class DepositIntentInput {
  @Field({ description: 'bitcoin, ethereum, usdt, bnb, ...' }) crypto: string;
  @Field() planId: string;
  @Field(() => MoneyScalar, { description: 'Dollars, at most 2 decimals, within the plan range' }) amount: string;
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

  @Auth(Role.INVESTOR)
  @Mutation(() => DepositAddressView, {
    description:
      'Records the plan and USD amount about to be paid in `crypto` (checked as a deposit is) and answers the address with the coin amount to send, quoted for DEPOSIT_QUOTE_MINUTES; a payment found on the address meanwhile goes into that plan',
  })
  createDepositIntent(
    @Arg('input', () => DepositIntentInput) input: DepositIntentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DepositAddressView> {
    return this.services.chains.depositAddresses.withIntent(ctx.user!.id, { ...input });
  }
}
