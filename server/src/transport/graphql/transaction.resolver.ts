import { seesEverything } from '../../modules/identity';
import { Arg, Args, Ctx, Field, FieldResolver, ID, InputType, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Auth } from './auth';
import type { GraphQLContext } from './context';
import { AdminPageArgs, adminPaging, CursorArgs, PageArgs, PageType } from './paging';
import { MoneyScalar } from '../../kernel/scalars';
import { idParam } from '../../kernel/ids';
import {
  ChainCheck,
  chainCheckOf,
  MyTransactionFilterArgs,
  myTransactionFilter,
  type OwnLedgerReads,
  Transaction,
  TrxStatus,
  TransactionService,
  TransactionListArgs,
  transactionListQuery,
} from '../../modules/transaction';
import { type TransactionEvents, TransactionEvent } from '../../platform/timeline';
import {
  BulkStatusResult,
  MAX_BULK_STATUS,
  type TransactionStatusService,
  MAX_STATUS_REASON,
} from '../../modules/review';
import { LedgerEntry } from '../../modules/ledger';
import { type UploadService, imageLink } from '../../modules/upload';
import { IDEMPOTENCY_KEY_DOC, onceByKey, onceByKeyKeeping, type StoredResult, type IdempotentDeps } from './idempotent';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface TransactionResolverDeps extends IdempotentDeps {
  events: TransactionEvents;
  ownLedger: OwnLedgerReads;
  transactionStatus: TransactionStatusService;
  transactions: TransactionService;
  uploads: UploadService;
}

/** A deposit into a plan (SPEC §5 "Deposit"). */
@InputType()
export class DepositInput {
  @Field() planId: string;
  @Field({ description: 'bitcoin, ethereum, usdt, bnb or litecoin (one the exchange accepts)' }) crypto: string;
  @Field(() => MoneyScalar, { description: 'Dollars, at most 2 decimals, within the plan range' }) amount: string;
  @Field({ description: 'Blockchain transaction id, at least 8 characters, unique per coin' }) transactionId: string;
  @Field(() => String, {
    nullable: true,
    description: 'Proof image: the id or url from POST /api/upload, or an https link on a host in PROOF_URL_HOSTS',
  })
  imageUrl?: string | null;
}

/** A withdrawal request (SPEC §5 "Withdrawal"). */
@InputType()
export class WithdrawalInput {
  @Field({ description: 'Coin of the saved address: bitcoin, litecoin, ethereum or usdt' }) crypto: string;
  @Field(() => MoneyScalar, { description: 'Dollars, at most 2 decimals' }) amount: string;
  @Field({ description: 'One of your saved withdrawal addresses' }) wallet: string;
}

/** A page of the caller's transactions. */
export const TransactionPage = PageType(Transaction, 'TransactionPage');

/** GraphQL adapter for an investor's deposits, withdrawals and history. */
@Resolver(() => Transaction)
export class TransactionResolver {
  constructor(private readonly services: TransactionResolverDeps) {}

  @Auth(Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => TransactionPage, {
    description:
      "The caller's transactions, newest first; filter by type, status, coin, days and txid (whole or its beginning)",
  })
  myTransactions(
    @Args() { page, pageSize }: PageArgs,
    @Args(() => MyTransactionFilterArgs) args: MyTransactionFilterArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.ownLedger.transactions(ctx.user!.id, page, pageSize, myTransactionFilter(args));
  }

  @Auth(Role.USER, { scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ] })
  @Query(() => Transaction, {
    description: "One transaction with its timeline: investors see only their own (others' are NOT_FOUND), admins any",
  })
  transaction(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Transaction> {
    return this.services.transactions.getVisible(idParam(id, 'Transaction not found'), ctx.user!);
  }

  @Auth(Role.INVESTOR, { scopes: [ApiKeyScope.ACCOUNT_READ] })
  @Query(() => [Transaction], {
    description: "The caller's confirmed deposits not settled yet, soonest maturity first (the overview's countdown)",
  })
  runningDeposits(@Ctx() ctx: GraphQLContext): Promise<Transaction[]> {
    return this.services.transactions.running(ctx.user!.id);
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => TransactionPage, {
    description:
      "Every investor's transactions, newest first unless sorted otherwise; search by full name, filter by status and type (admin)",
  })
  adminTransactions(
    @Args(() => AdminPageArgs) page: AdminPageArgs,
    @Args(() => TransactionListArgs) args: TransactionListArgs,
    @Args(() => CursorArgs) cursor: CursorArgs,
  ) {
    return this.services.transactions.listAll(transactionListQuery(args), adminPaging(page, cursor));
  }

  @Auth(Role.INVESTOR)
  @Mutation(() => Transaction, { description: 'Deposit into a plan; PENDING until an admin confirms it' })
  createDeposit(
    @Arg('input', () => DepositInput) input: DepositInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Transaction> {
    const args = { ...input, imageUrl: input.imageUrl ?? undefined };
    return onceByKey(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      { field: 'createDeposit', args },
      () => this.services.transactions.createDeposit(args, { userId: ctx.user!.id, ip: ctx.ip }),
      this.storedTransaction,
    );
  }

  @Auth(Role.INVESTOR)
  @Mutation(() => Transaction, {
    description: 'Ask for a withdrawal to a saved address; refused above balance minus pending withdrawals',
  })
  requestWithdrawal(
    @Arg('input', () => WithdrawalInput) input: WithdrawalInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Transaction> {
    const args = { ...input };
    return onceByKey(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      { field: 'requestWithdrawal', args },
      () => this.services.transactions.requestWithdrawal(args, { userId: ctx.user!.id, ip: ctx.ip }),
      this.storedTransaction,
    );
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] })
  @Mutation(() => Transaction, {
    description:
      "Set a status (admin); entering or leaving CONFIRMED applies or reverses the ledger effect exactly once; a deposit's term starts on confirmation; a settled deposit stays CONFIRMED (CONFLICT)",
  })
  setTransactionStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => TrxStatus) status: TrxStatus,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
    @Arg('reason', () => String, {
      nullable: true,
      description: `Why (at most ${MAX_STATUS_REASON} characters); shown to the investor on the timeline`,
    })
    reason?: string | null,
    @Arg('payoutTxid', () => String, {
      nullable: true,
      description: "Withdrawals being confirmed: the payout's transaction id on chain (checked by the chain watcher)",
    })
    payoutTxid?: string | null,
    @Arg('payoutFee', () => MoneyScalar, { nullable: true, description: 'With payoutTxid: the fee taken, in USD' })
    payoutFee?: string | null,
  ): Promise<Transaction> {
    const transactionId = idParam(id, 'Transaction not found');
    const payout = { txid: payoutTxid, fee: payoutFee };
    return onceByKey(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      {
        field: 'setTransactionStatus',
        args: { id: transactionId, status, ...(reason ? { reason } : {}), ...(payoutTxid ? { payout } : {}) },
      },
      () => this.services.transactionStatus.setStatus(transactionId, status, ctx.user!.id, ctx.ip, reason, payout),
      this.storedTransaction,
    );
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.TRANSACTION_STATUS_WRITE] })
  @Mutation(() => [BulkStatusResult], {
    description: `Confirm or decline selected pending deposits with one reason (admin; at most ${MAX_BULK_STATUS}): each applied exactly once like setTransactionStatus (ledger, audit, timeline, notification); one refused (e.g. already confirmed by someone else) is reported and leaves the others applied`,
  })
  setTransactionStatuses(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('status', () => TrxStatus, { description: 'CONFIRMED or DECLINED' }) status: TrxStatus,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_DOC })
    idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
    @Arg('reason', () => String, {
      nullable: true,
      description: `Why (at most ${MAX_STATUS_REASON} characters); shown to each investor on the timeline`,
    })
    reason?: string | null,
  ): Promise<BulkStatusResult[]> {
    return onceByKeyKeeping(
      this.services,
      ctx.user!.id,
      idempotencyKey,
      { field: 'setTransactionStatuses', args: { ids, status, ...(reason ? { reason } : {}) } },
      () => this.services.transactionStatus.setPendingDepositsStatus(ids, status, ctx.user!.id, ctx.ip, reason),
    );
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => [LedgerEntry], {
    description: 'The ledger entries a transaction caused, oldest first, with who made each (admin record view)',
  })
  transactionLedgerEntries(@Arg('transactionId', () => ID) transactionId: string): Promise<LedgerEntry[]> {
    return this.services.transactionStatus.ledgerEntries(idParam(transactionId, 'Transaction not found'));
  }

  /** How an idempotent transaction mutation finds its first result again. */
  private readonly storedTransaction: StoredResult<Transaction> = {
    idOf: (t) => t.id,
    load: (id) => this.services.transactions.byId(id),
  };

  @FieldResolver(() => [TransactionEvent], {
    description: 'Its timeline, oldest first (actorName only for admins)',
  })
  events(@Root() t: Transaction, @Ctx() ctx: GraphQLContext): Promise<TransactionEvent[]> {
    return this.services.events.list(t.id, { actorNames: !!ctx.user && seesEverything(ctx.user) });
  }

  @FieldResolver(() => ChainCheck, {
    nullable: true,
    description: 'Deposits: what the chain says about the transaction id; null until it has been looked up',
  })
  chainCheck(@Root() t: Transaction): ChainCheck | null {
    return chainCheckOf(t);
  }

  @FieldResolver(() => MoneyScalar, { nullable: true, description: 'Deposits: amount x plan % / 100' })
  expectedProfit(@Root() t: Transaction): string | null {
    return TransactionService.expectedProfit(t);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Proof image as a link that expires (opens in a new tab), or the https link a legacy client gave (PROOF_URL_HOSTS)',
  })
  imageUrl(@Root() t: Transaction): string | null {
    return imageLink(this.services.uploads, t.imageUrl);
  }
}
