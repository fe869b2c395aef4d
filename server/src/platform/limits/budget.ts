import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import { sqlRows } from '../../db/sql';
import type { Allowance } from '../../kernel/allowance';
import { AppError } from '../../kernel/errors';
import { HOURLY_SECONDS, type ModuleWork } from '../jobs';
import { NO_SECURITY_SIGNALS, type SecuritySignals } from '../metrics';

/** A named allowance: at most `limit` units per fixed window of `windowSeconds`. */
export interface BudgetRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted, for the refusal ("Too many uploads…"); default "attempts". */
  what?: string;
}

/** How much of a key's budget is spent in the current window, and when that window ends. */
export interface BudgetState {
  used: number;
  limit: number;
  resetAt: Date;
}

/** True when the state allows no more units. */
export const exhausted = (s: BudgetState) => s.used >= s.limit;

/** Whole seconds from `now` until the state's window ends (at least 1). */
export const secondsLeft = (state: BudgetState, now: Date) =>
  Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));

/** A wait as people read it: "42 seconds", "3 minutes", "2 hours". */
export function waitText(seconds: number): string {
  if (seconds >= 5400) return `${Math.ceil(seconds / 3600)} hours`;
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** What `rule` leaves to the caller in `state`, as the RateLimit headers tell it. */
export function allowanceOf(rule: BudgetRule, state: BudgetState, now: Date): Allowance {
  return {
    policy: rule.name,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
    remaining: Math.max(0, state.limit - state.used),
    resetSeconds: secondsLeft(state, now),
  };
}

/** The answer for any spent budget: 429 with the wait, in words and as `retryAfterSeconds`. */
export function overBudget(state: BudgetState, now: Date, what = 'attempts', allowance?: Allowance): AppError {
  const seconds = secondsLeft(state, now);
  return AppError.rateLimited(`Too many ${what}. Try again in ${waitText(seconds)}.`, seconds, allowance);
}

/**
 * Fixed-window budgets in the `budget` table, so they hold across every server instance. A unit
 * is taken atomically (one upsert) before the guarded work runs, so parallel requests can never
 * spend more than the limit between a read and a write. Time comes from the injected clock.
 */
export class Budgets {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    /** Told of every refusal (by rule name: `cryptovest_rate_limit_refusals_total`). */
    private readonly signals: Pick<SecuritySignals, 'rateLimited'> = NO_SECURITY_SIGNALS,
  ) {}

  /**
   * Takes `cost` units from `key` under `rule`, then reports the state. Over the limit it throws
   * RATE_LIMITED (the units stay taken: a refused attempt keeps the window closed), counted as a
   * rate-limit refusal.
   */
  async take(
    rule: BudgetRule,
    key: string,
    cost = 1,
    m: DataSource | EntityManager = this.ds,
  ): Promise<BudgetState & { allowance: Allowance }> {
    const { state, allowance, now } = await this.spend(rule, key, cost, m);
    if (state.used > rule.limit) {
      this.signals.rateLimited(rule.name);
      throw overBudget(state, now, rule.what, allowance);
    }
    return { ...state, allowance };
  }

  /**
   * Takes `cost` units like `take`, but over the limit answers false instead of refusing: for work
   * that is skipped, not refused, when the window is spent (no request is turned away, none counted).
   */
  async tryTake(rule: BudgetRule, key: string, cost = 1, m: DataSource | EntityManager = this.ds): Promise<boolean> {
    const { state } = await this.spend(rule, key, cost, m);
    return state.used <= rule.limit;
  }

  /** The one upsert both take and tryTake run: `cost` units taken atomically, the window renewed when it ended. */
  private async spend(rule: BudgetRule, key: string, cost: number, m: DataSource | EntityManager) {
    const now = this.clock.now();
    const [row] = await sqlRows<{ used: number; window_ends: Date }>(
      m,
      `INSERT INTO budget AS b (key, used, window_ends)
       VALUES ($1, $2, $3::timestamptz + make_interval(secs => $4))
       ON CONFLICT (key) DO UPDATE SET
         used = CASE WHEN b.window_ends <= $3 THEN excluded.used ELSE b.used + excluded.used END,
         window_ends = CASE WHEN b.window_ends <= $3 THEN excluded.window_ends ELSE b.window_ends END
       RETURNING used, window_ends`,
      [`${rule.name}:${key}`, cost, now, rule.windowSeconds],
    );
    const state: BudgetState = { used: row.used, limit: rule.limit, resetAt: row.window_ends };
    return { state, allowance: allowanceOf(rule, state, now), now };
  }

  /** The current state without spending anything (null: nothing spent in an open window). */
  async peek(rule: BudgetRule, key: string): Promise<BudgetState | null> {
    const [row] = await sqlRows<{ used: number; window_ends: Date }>(
      this.ds,
      `SELECT used, window_ends FROM budget WHERE key = $1 AND window_ends > $2`,
      [`${rule.name}:${key}`, this.clock.now()],
    );
    return row ? { used: row.used, limit: rule.limit, resetAt: row.window_ends } : null;
  }

  /** Gives back units taken for work that turned out not to count (a right password or code). */
  async refund(rule: BudgetRule, key: string, cost = 1): Promise<void> {
    await this.ds.query(`UPDATE budget SET used = greatest(used - $2, 0) WHERE key = $1`, [
      `${rule.name}:${key}`,
      cost,
    ]);
  }

  /** Forgets what `key` spent. */
  async reset(rule: BudgetRule, key: string): Promise<void> {
    await this.ds.query(`DELETE FROM budget WHERE key = $1`, [`${rule.name}:${key}`]);
  }

  /** Forgets every key of `rule` that starts with `keyPrefix` (e.g. all of an account's per-IP budgets). */
  async resetPrefix(rule: BudgetRule, keyPrefix: string): Promise<void> {
    await this.ds.query(`DELETE FROM budget WHERE starts_with(key, $1)`, [`${rule.name}:${keyPrefix}`]);
  }

  /** Drops windows that ended more than a day ago (the scheduled clean-up). */
  async removeExpired(): Promise<number> {
    const rows = await sqlRows<{ key: string }>(
      this.ds,
      `DELETE FROM budget WHERE window_ends < $1::timestamptz - interval '1 day' RETURNING key`,
      [this.clock.now()],
    );
    return rows.length;
  }
}

/** The budgets' own periodic work: expired windows are removed hourly. */
export const budgetsWork = (budgets: Budgets): ModuleWork => ({
  periodic: [{ name: 'budgets.removeExpired', everySeconds: HOURLY_SECONDS, run: () => budgets.removeExpired() }],
});
