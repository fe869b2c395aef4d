import { Arg, Args, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { AdminPageArgs } from './paging';
import type { SettlementService, SettlementOutcome } from '../../modules/settlement';
import { ApiKeyScope, Role } from '../../modules/user';
import { IDEMPOTENCY_KEY_DOC, onceByKey, type IdempotentDeps } from './idempotent';
import { TransactionPage } from './transaction.resolver';
import { Transaction } from '../../modules/transaction';

/** The services this adapter calls; the composition root passes them. */
export interface SettlementResolverDeps extends IdempotentDeps {
  settlement: SettlementService;
}

/** One deposit of an admin's settle action: settled, or why not. */
@ObjectType({ description: 'What an admin settle action did to one deposit' })
export class SettlementResult {
  @Field(() => ID) id: string;
  @Field() settled: boolean;
  @Field(() => String, { nullable: true, description: 'Why it was not settled (e.g. why it is held)' })
  reason: string | null;
  @Field(() => Transaction, { nullable: true, description: 'The deposit as it is now (null when not found)' })
  transaction: Transaction | null;
}

/** GraphQL adapter of the admin's settlement queue ("Due for settlement") and settle action. */
@Resolver()
export class SettlementResolver {
  constructor(private readonly services: SettlementResolverDeps) {}

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => TransactionPage, {
    description: 'Deposits due for settlement: matured (review mode) or held, oldest maturity first, with user (admin)',
  })
  settlementQueue(@Args(() => AdminPageArgs) { page, pageSize }: AdminPageArgs) {
    return this.services.settlement.dueQueue(page, pageSize);
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] })
  @Mutation(() => [SettlementResult], {
    description: 'Settle matured deposits now (admin, 1-500 ids, one action): per id, settled or why not',
  })
  async settleDeposits(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SettlementResult[]> {
    const outcomes = await onceByKey(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      { field: 'settleDeposits', args: { ids } },
      () => this.services.settlement.settleByAdmin(ids, { userId: ctx.user!.id, ip: ctx.ip }),
      // A retry gets the first answer back (kept as JSON in the key's record).
      { idOf: (r) => JSON.stringify(r), load: async (json) => JSON.parse(json) as SettlementOutcome[] },
    );
    return this.services.settlement.withTransactions(outcomes);
  }
}
