import {
  Arg,
  Args,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import {
  type AccountAdminService,
  type AccountService,
  Account,
  AccountListArgs,
  accountListQuery,
} from '../../modules/account';
import type { OwnLedgerReads, TransactionService } from '../../modules/transaction';
import { IDEMPOTENCY_KEY_DOC, onceByKey, type IdempotentDeps } from './idempotent';
import { ApiKeyScope, Role } from '../../modules/user';
import { AdminPageArgs, adminPaging, CursorArgs, PageType } from './paging';
import { TransactionPage } from './transaction.resolver';
import { idParam } from '../../kernel/ids';
import { MoneyScalar } from '../../kernel/scalars';
import { BalanceHistory, type BalanceHistoryReader, HistoryRange, LedgerEntry } from '../../modules/ledger';

/** The services this adapter calls; the composition root passes them. */
export interface AccountResolverDeps extends IdempotentDeps {
  accountAdmin: AccountAdminService;
  accounts: AccountService;
  ownLedger: OwnLedgerReads;
  transactions: TransactionService;
  balanceHistory: BalanceHistoryReader;
}

/** A user id that cannot exist answers like an unknown one (shared id check of both transports). */
const accountOwnerId = (userId: string) => idParam(userId, 'This user has no investment account');

/** Withdrawal addresses to save; omitted coins stay as they are, an empty string clears one. */
@InputType()
export class WithdrawalAddressesInput {
  @Field(() => String, { nullable: true }) bitcoin?: string | null;
  @Field(() => String, { nullable: true }) litecoin?: string | null;
  @Field(() => String, { nullable: true }) ethereum?: string | null;
  @Field(() => String, { nullable: true }) usdt?: string | null;
}

/** New amounts for an investor's buckets (admin); text with `$` and commas allowed, 5 decimals. */
@InputType()
export class AccountAdjustmentInput {
  @Field(() => String, { nullable: true }) balance?: string | null;
  @Field(() => String, { nullable: true }) walletBalance?: string | null;
  @Field(() => String, { nullable: true }) profit?: string | null;
  @Field(() => String, { nullable: true }) investment?: string | null;
  @Field(() => String, { nullable: true }) bitcoin?: string | null;
  @Field(() => String, { nullable: true }) ethereum?: string | null;
  @Field(() => String, { nullable: true }) bnb?: string | null;
  @Field(() => String, { nullable: true }) litecoin?: string | null;
  @Field(() => String, { nullable: true }) usdt?: string | null;
  @Field(() => String, { nullable: true, description: 'Why (kept in the ledger entry)' }) reason?: string | null;
}

/** A saved withdrawal address; one saved after money came in can't receive money until `usableFrom`. */
@ObjectType({
  description:
    'A saved withdrawal address and, while it cools down (new or changed after money came into the account), when it becomes usable',
})
export class SavedAddressType {
  @Field({ description: 'bitcoin, litecoin, ethereum or usdt' }) coin: string;
  @Field() address: string;
  @Field(() => Date, { nullable: true, description: 'Withdrawals to it are refused until then (null: usable now)' })
  usableFrom: Date | null;
}

/** A deposit address an investor was given on a watched chain (admin record view). */
@ObjectType({ description: 'A deposit address assigned to an investor on a watched chain' })
export class AssignedDepositAddress {
  @Field({ description: 'btc, eth or bsc' }) chain: string;
  @Field() address: string;
  @Field() createdAt: Date;
}

/** A page of ledger entries. */
export const LedgerEntryPage = PageType(LedgerEntry, 'LedgerEntryPage');

/** A page of accounts with their owners (admin). */
export const AccountPage = PageType(Account, 'AccountPage');

/** GraphQL adapter for the investor's own account and the admin's account tools. */
@Resolver(() => Account)
export class AccountResolver {
  constructor(private readonly services: AccountResolverDeps) {}

  @Auth(Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => Account, { description: "The caller's account: amounts, per-coin balances, withdrawal addresses" })
  account(@Ctx() ctx: GraphQLContext): Promise<Account> {
    return this.services.ownLedger.account(ctx.user!.id);
  }

  @Auth(Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => BalanceHistory, {
    description:
      "The caller's balance, investment and profit at the end of each day (UTC) of the range, from the ledger; days without a change carry the day before",
  })
  balanceHistory(
    @Arg('range', () => HistoryRange, { defaultValue: HistoryRange.MONTH }) range: HistoryRange,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BalanceHistory> {
    return this.services.balanceHistory.forUser(ctx.user!.id, range);
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

  @FieldResolver(() => MoneyScalar, {
    description: 'What can be withdrawn now: balance minus the locked bonus minus pending withdrawals',
  })
  available(@Root() account: Account): Promise<string> {
    return this.services.ownLedger.available(account.userId);
  }

  @FieldResolver(() => [SavedAddressType], {
    description: 'Saved withdrawal addresses with when each can first receive a withdrawal',
  })
  withdrawalAddresses(@Root() account: Account): SavedAddressType[] {
    return this.services.accounts.savedAddresses(account);
  }

  @Auth(Role.ADMIN)
  @Mutation(() => Account, {
    description: "Set an investor's amounts (admin); each change is an ADMIN_ADJUSTMENT ledger entry",
  })
  adjustAccount(
    @Arg('userId', () => ID) userId: string,
    @Arg('input', () => AccountAdjustmentInput) input: AccountAdjustmentInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Account> {
    const ownerId = accountOwnerId(userId);
    const args = { userId: ownerId, input: { ...input } };
    return onceByKey(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      { field: 'adjustAccount', args },
      () => this.services.accountAdmin.adjust(ownerId, { ...input }, ctx.user!.id, ctx.ip),
      { idOf: (a) => a.userId, load: (id) => this.services.accounts.getByUser(id) },
    );
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => AccountPage, {
    description:
      'All accounts with their owners, newest owners first unless sorted otherwise; search: full name start or end, e-mail start, country code or name start (admin)',
  })
  accounts(
    @Args(() => AdminPageArgs) page: AdminPageArgs,
    @Args(() => AccountListArgs) args: AccountListArgs,
    @Args(() => CursorArgs) cursor: CursorArgs,
  ) {
    return this.services.accountAdmin.list(accountListQuery(args), adminPaging(page, cursor));
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => Account, { description: "One investor's account with its owner, for the record view (admin)" })
  adminAccount(@Arg('userId', () => ID) userId: string): Promise<Account> {
    return this.services.accountAdmin.record(accountOwnerId(userId));
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => [AssignedDepositAddress], {
    description: 'The deposit addresses an investor was given, one per watched chain, oldest first (admin)',
  })
  adminDepositAddresses(@Arg('userId', () => ID) userId: string) {
    return this.services.accountAdmin.depositAddresses(accountOwnerId(userId));
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => TransactionPage, { description: "One investor's transactions, newest first (admin record view)" })
  adminUserTransactions(
    @Arg('userId', () => ID) userId: string,
    @Args(() => AdminPageArgs) { page, pageSize }: AdminPageArgs,
  ) {
    return this.services.transactions.listMine(accountOwnerId(userId), page, pageSize);
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => LedgerEntryPage, { description: "An investor's ledger, newest first, with who, why and when (admin)" })
  accountHistory(
    @Arg('userId', () => ID) userId: string,
    @Args(() => AdminPageArgs) { page, pageSize }: AdminPageArgs,
  ) {
    return this.services.accountAdmin.history(accountOwnerId(userId), page, pageSize);
  }
}
