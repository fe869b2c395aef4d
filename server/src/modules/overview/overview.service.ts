import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import type { ModuleWork } from '../../platform/jobs';
import { FOLD_OVERVIEW_TOTALS_SQL, OVERVIEW_SQL } from './overview-sql';
import {
  OBLIGATION_DAYS,
  overviewRange,
  startOfUtcDay,
  startOfUtcWeek,
  utcDay,
  type OverviewRangeInput,
} from './overview-range';

const DAY_MS = 24 * 3600 * 1000;

/** A number of transactions and their dollar sum (a decimal string). */
export interface CountAndSum {
  count: number;
  sum: string;
}

/** One UTC day of confirmed money movement. */
export interface DailyFlow {
  day: string;
  deposits: number;
  depositSum: string;
  withdrawals: number;
  withdrawalSum: string;
}

/** The series' days added up: what was confirmed over the whole range. */
export type FlowTotals = Omit<DailyFlow, 'day'>;

/** What running deposits maturing on one UTC day will pay: principal (when returned) plus profit. */
export interface ObligationDay {
  day: string;
  count: number;
  principal: string;
  profit: string;
  total: string;
}

/** The state of the business as the admin overview shows it (all money as decimal strings). */
export interface AdminOverviewData {
  asOf: Date;
  from: string;
  to: string;
  assetsUnderManagement: string;
  balancesOwed: string;
  pendingDeposits: CountAndSum;
  pendingWithdrawals: CountAndSum;
  dueForSettlement: CountAndSum & { payout: string };
  newInvestors: { thisWeek: number; lastWeek: number; weekStart: Date };
  flows: DailyFlow[];
  /** What `flows` adds up to. */
  flowTotals: FlowTotals;
  obligations: ObligationDay[];
  /** What `obligations` adds up to. */
  obligationsTotal: string;
}

interface OverviewRow {
  aum: string;
  owed: string;
  pendingDeposits: number;
  pendingDepositSum: string;
  pendingWithdrawals: number;
  pendingWithdrawalSum: string;
  dueCount: number;
  dueSum: string;
  duePayout: string;
  investorsThisWeek: number;
  investorsLastWeek: number;
  flows: DailyFlow[];
  flowTotals: FlowTotals;
  obligations: ObligationDay[];
  obligationsTotal: string;
}

/** The periodic task folding the overview's running totals (once across instances). */
export const OVERVIEW_FOLD_TASK = 'overview.foldTotals';

/** How often the running totals are folded: a minute's worth of appended rows is what a read sums at most. */
export const OVERVIEW_FOLD_SECONDS = 60;

/**
 * OVERVIEW_SQL's parameters for a range asked for at `now` (also what the benchmark EXPLAINs):
 * the checked range, this week's Monday and the obligation window of 30 UTC days from today.
 */
export function overviewStatement(input: OverviewRangeInput, now: Date) {
  const range = overviewRange(input, now);
  const today = startOfUtcDay(now);
  const weekStart = startOfUtcWeek(now);
  const obligationsEnd = new Date(today.getTime() + OBLIGATION_DAYS * DAY_MS);
  const params = [
    now,
    range.from,
    range.to,
    weekStart,
    new Date(weekStart.getTime() - 7 * DAY_MS),
    utcDay(today),
    new Date(today.getTime() + DAY_MS),
    utcDay(new Date(obligationsEnd.getTime() - DAY_MS)),
  ];
  return { sql: OVERVIEW_SQL, params, range, weekStart };
}

/**
 * The admin overview (issue 38): what the platform holds and owes, what waits for an admin, how
 * money moved per day and what matures over the next 30 days. One SQL statement (OVERVIEW_SQL),
 * so the figures agree with each other and cost one round trip; "today" and "this week" come
 * from the injected clock.
 */
export class OverviewService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The overview for the series range asked for (see overviewRange); throws a field error for a bad range. */
  async overview(input: OverviewRangeInput): Promise<AdminOverviewData> {
    const now = this.clock.now();
    const { range, params, weekStart } = overviewStatement(input, now);
    const [row] = await sqlRows<OverviewRow>(this.ds, OVERVIEW_SQL, params);
    return {
      asOf: now,
      from: range.from,
      to: range.to,
      assetsUnderManagement: row.aum,
      balancesOwed: row.owed,
      pendingDeposits: { count: row.pendingDeposits, sum: row.pendingDepositSum },
      pendingWithdrawals: { count: row.pendingWithdrawals, sum: row.pendingWithdrawalSum },
      dueForSettlement: { count: row.dueCount, sum: row.dueSum, payout: row.duePayout },
      newInvestors: { thisWeek: row.investorsThisWeek, lastWeek: row.investorsLastWeek, weekStart },
      flows: row.flows,
      flowTotals: row.flowTotals,
      obligations: row.obligations,
      obligationsTotal: row.obligationsTotal,
    };
  }

  /**
   * Folds the running totals the overview sums (see FOLD_OVERVIEW_TOTALS_SQL) so a read sums about
   * one row per figure and day plus what was appended since.
   */
  async foldTotals(): Promise<void> {
    await this.ds.query(FOLD_OVERVIEW_TOTALS_SQL);
  }
}

/** The admin overview as the composition root wires it: the service and its periodic fold. */
export interface OverviewModule extends ModuleWork {
  service: OverviewService;
}

/** Wires the overview once: the service and the fold of its running totals every minute, once across instances. */
export function createOverview(ds: DataSource, clock: Clock): OverviewModule {
  const service = new OverviewService(ds, clock);
  return {
    service,
    periodic: [{ name: OVERVIEW_FOLD_TASK, everySeconds: OVERVIEW_FOLD_SECONDS, run: () => service.foldTotals() }],
  };
}
