import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../kernel/scalars';
import { MAX_OVERVIEW_DAYS } from '../../modules/overview';

/** The series range of `adminOverview`: `days` ending today, or `from` and `to`. */
@ArgsType()
export class AdminOverviewArgs {
  @Field(() => String, { nullable: true, description: 'First day of the daily series, YYYY-MM-DD (UTC), with `to`' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Last day of the daily series, YYYY-MM-DD (UTC), with `from`' })
  to?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: `The daily series covers this many days ending today (1-${MAX_OVERVIEW_DAYS}); 30 when nothing is given`,
  })
  days?: number | null;
}

/** How many and how much. */
@ObjectType({ description: 'A number of transactions and their dollar sum' })
export class CountAndSum {
  @Field(() => Int) count: number;
  @Field(() => MoneyScalar) sum: string;
}

/** Matured deposits not paid yet: their amounts, and what settling them pays. */
@ObjectType({ description: 'Confirmed deposits whose term has ended and that are not settled yet' })
export class DueForSettlement {
  @Field(() => Int) count: number;
  @Field(() => MoneyScalar, { description: 'Sum of their deposit amounts' }) sum: string;
  @Field(() => MoneyScalar, { description: 'What settling them pays: principal (when returned) plus profit' })
  payout: string;
}

/** Sign-ups this week against last week. */
@ObjectType({ description: 'Investors who signed up this week (from Monday 00:00 UTC) and the whole week before' })
export class NewInvestors {
  @Field(() => Int) thisWeek: number;
  @Field(() => Int) lastWeek: number;
  @Field({ description: 'Monday 00:00 UTC of this week' }) weekStart: Date;
}

/** One UTC day of confirmed deposits and withdrawals. */
@ObjectType({ description: 'Deposits and withdrawals confirmed on one UTC day (by confirmation time)' })
export class DailyFlow {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) day: string;
  @Field(() => Int) deposits: number;
  @Field(() => MoneyScalar) depositSum: string;
  @Field(() => Int) withdrawals: number;
  @Field(() => MoneyScalar) withdrawalSum: string;
}

/** The daily series added up. */
@ObjectType({ description: 'Deposits and withdrawals confirmed over the whole range of the daily series' })
export class FlowTotals {
  @Field(() => Int) deposits: number;
  @Field(() => MoneyScalar) depositSum: string;
  @Field(() => Int) withdrawals: number;
  @Field(() => MoneyScalar) withdrawalSum: string;
}

/** What running deposits maturing on one UTC day will pay. */
@ObjectType({ description: 'Running deposits maturing on one UTC day and what settling them will pay' })
export class ObligationDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) day: string;
  @Field(() => Int) count: number;
  @Field(() => MoneyScalar, { description: 'Principal returned (plans that keep it add 0)' }) principal: string;
  @Field(() => MoneyScalar) profit: string;
  @Field(() => MoneyScalar, { description: 'principal + profit' }) total: string;
}

/** The admin overview's figures, computed together in one SQL statement. */
@ObjectType({ description: 'The state of the business for the admin overview (one consistent snapshot)' })
export class AdminOverview {
  @Field({ description: 'When the figures were taken (server clock)' }) asOf: Date;
  @Field({ description: 'First day of `flows` (YYYY-MM-DD, UTC)' }) from: string;
  @Field({ description: 'Last day of `flows` (YYYY-MM-DD, UTC)' }) to: string;
  @Field(() => MoneyScalar, { description: "Sum of every account's investment" }) assetsUnderManagement: string;
  @Field(() => MoneyScalar, { description: "Sum of every account's balance" }) balancesOwed: string;
  @Field(() => CountAndSum) pendingDeposits: CountAndSum;
  @Field(() => CountAndSum) pendingWithdrawals: CountAndSum;
  @Field(() => DueForSettlement) dueForSettlement: DueForSettlement;
  @Field(() => NewInvestors) newInvestors: NewInvestors;
  @Field(() => [DailyFlow], { description: 'One entry per day from `from` to `to`, zero on quiet days' })
  flows: DailyFlow[];
  @Field(() => FlowTotals, { description: 'What `flows` adds up to' }) flowTotals: FlowTotals;
  @Field(() => [ObligationDay], {
    description:
      'Today and the next 29 days (UTC): running, unsettled deposits by maturity day; already matured ones are in dueForSettlement',
  })
  obligations: ObligationDay[];
  @Field(() => MoneyScalar, { description: 'What `obligations` adds up to over the 30 days' })
  obligationsTotal: string;
}
