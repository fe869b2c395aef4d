import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { DataSource } from 'typeorm';
import { sqlRows } from '../../db/sql';
import type { Clock } from '../../kernel/clock';
import { MoneyScalar } from '../../kernel/scalars';

/** The spans the investor's overview chart offers (issue 38); the enum is the server's range check. */
export enum HistoryRange {
  WEEK = 'WEEK',
  MONTH = 'MONTH',
  QUARTER = 'QUARTER',
  YEAR = 'YEAR',
}
registerEnumType(HistoryRange, {
  name: 'HistoryRange',
  description: 'Days shown, today included: WEEK 7, MONTH 30, QUARTER 90, YEAR 365',
});

/** Days of each range, today included. */
export const HISTORY_DAYS: Readonly<Record<HistoryRange, number>> = {
  [HistoryRange.WEEK]: 7,
  [HistoryRange.MONTH]: 30,
  [HistoryRange.QUARTER]: 90,
  [HistoryRange.YEAR]: 365,
};

/** One day of the chart: each bucket as it stood at the end of that UTC day (today: now). */
@ObjectType({ description: "The investor's balance, investment and profit at the end of one day (UTC)" })
export class BalanceDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) day: string;
  @Field(() => MoneyScalar) balance: string;
  @Field(() => MoneyScalar) investment: string;
  @Field(() => MoneyScalar) profit: string;
}

/** The chart's series over one range, oldest day first. */
@ObjectType({ description: "The investor's balance, investment and profit per day over a range, oldest first" })
export class BalanceHistory {
  @Field(() => HistoryRange) range: HistoryRange;
  @Field(() => [BalanceDay]) days: BalanceDay[];
}

/**
 * One statement: the range's days (generate_series up to today, UTC), each bucket's last entry
 * per day (entries before the range count as its first day), then carried forward over the days
 * without one (count() OVER makes a group per value, max() OVER spreads it). Before the first
 * entry a bucket is 0. Entries written before amount_after existed (NULL) are skipped. Only the
 * caller's account is read ($1 is the signed-in user).
 */
const HISTORY_SQL = `
WITH days AS (
  SELECT d::date AS day FROM generate_series($2::date - ($3::int - 1), $2::date, interval '1 day') AS d
), entries AS (
  SELECT l.id, l.bucket, l.amount_after,
         GREATEST((l.created_at AT TIME ZONE 'UTC')::date, $2::date - ($3::int - 1)) AS day
    FROM ledger_entry l
   WHERE l.account_id = (SELECT a.id FROM account a WHERE a.user_id = $1)
     AND l.bucket IN ('balance', 'investment', 'profit')
     AND l.amount_after IS NOT NULL
     AND l.created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
), last_of_day AS (
  SELECT DISTINCT ON (bucket, day) bucket, day, amount_after FROM entries ORDER BY bucket, day, id DESC
), daily AS (
  SELECT day,
         max(amount_after) FILTER (WHERE bucket = 'balance') AS balance,
         max(amount_after) FILTER (WHERE bucket = 'investment') AS investment,
         max(amount_after) FILTER (WHERE bucket = 'profit') AS profit
    FROM last_of_day GROUP BY day
), grouped AS (
  SELECT d.day, v.balance, v.investment, v.profit,
         count(v.balance) OVER w AS balance_group,
         count(v.investment) OVER w AS investment_group,
         count(v.profit) OVER w AS profit_group
    FROM days d LEFT JOIN daily v ON v.day = d.day
  WINDOW w AS (ORDER BY d.day)
)
SELECT to_char(day, 'YYYY-MM-DD') AS day,
       COALESCE(max(balance) OVER (PARTITION BY balance_group), 0)::numeric(20,5)::text AS balance,
       COALESCE(max(investment) OVER (PARTITION BY investment_group), 0)::numeric(20,5)::text AS investment,
       COALESCE(max(profit) OVER (PARTITION BY profit_group), 0)::numeric(20,5)::text AS profit
  FROM grouped ORDER BY day`;

/**
 * The investor overview's chart data (issue 38), read from the ledger the ledger module writes:
 * a read only, one SQL statement whatever the range.
 */
export class BalanceHistoryReader {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The caller's balance, investment and profit per UTC day over `range`, today last. */
  async forUser(userId: string, range: HistoryRange): Promise<BalanceHistory> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const days = await sqlRows<BalanceDay>(this.ds, HISTORY_SQL, [userId, today, HISTORY_DAYS[range]]);
    return { range, days };
  }
}
