import { Arg, Ctx, Field, InputType, Mutation, Query, Resolver } from 'type-graphql';
import { Auth } from '../../graphql/auth';
import type { GraphQLContext } from '../../graphql/context';
import type { Services } from '../../services';
import { Role } from '../auth/role';
import { Account } from './account.entity';

/** Withdrawal addresses to save; omitted coins stay as they are, an empty string clears one. */
@InputType()
export class WithdrawalAddressesInput {
  @Field(() => String, { nullable: true }) bitcoin?: string | null;
  @Field(() => String, { nullable: true }) litecoin?: string | null;
  @Field(() => String, { nullable: true }) ethereum?: string | null;
  @Field(() => String, { nullable: true }) usdt?: string | null;
}

/** GraphQL adapter for the investor's own account. */
@Resolver(() => Account)
export class AccountResolver {
  constructor(private readonly services: Services) {}

  @Auth(Role.INVESTOR)
  @Query(() => Account, { description: "The caller's account: amounts, per-coin balances, withdrawal addresses" })
  account(@Ctx() ctx: GraphQLContext): Promise<Account> {
    return this.services.accounts.getByUser(ctx.user!.id);
  }

  @Auth(Role.INVESTOR)
  @Mutation(() => Account, {
    description: 'Save withdrawal addresses (each at least 11 characters); amounts are never writable',
  })
  updateWithdrawalAddresses(
    @Arg('input', () => WithdrawalAddressesInput) input: WithdrawalAddressesInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Account> {
    const sent = Object.fromEntries(Object.entries({ ...input }).filter(([, v]) => v !== undefined));
    return this.services.accounts.updateAddresses(ctx.user!.id, sent, ctx.ip);
  }
}
