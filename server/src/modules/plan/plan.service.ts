import type { DataSource } from 'typeorm';
import { PLAN_SEEDS } from '@cryptovest/common';
import { Plan } from './plan.entity';

/**
 * How long the plan list is reused. Plans are public and change only by an operator's SQL, so
 * every page and API read need not ask PostgreSQL: an edit shows on every instance within this.
 */
export const PLAN_LIST_TTL_MS = 5000;

/** Investment plans: listing for everyone, seeding of the spec's four plans at start. */
export class PlanService {
  private cached: { at: number; plans: Promise<Plan[]> } | null = null;

  constructor(
    private readonly ds: DataSource,
    /** Milliseconds now (tests pass their own). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Active plans, cheapest first (reused for PLAN_LIST_TTL_MS; a failed read is not reused). */
  list(): Promise<Plan[]> {
    const now = this.now();
    if (this.cached && now - this.cached.at < PLAN_LIST_TTL_MS) return this.cached.plans;
    const plans = this.ds
      .getRepository(Plan)
      .find({ where: { active: true }, order: { sortOrder: 'ASC', minAmount: 'ASC' } });
    const entry = { at: now, plans };
    this.cached = entry;
    plans.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return plans;
  }

  /** Inserts any of the spec's plans that are missing; never overwrites operator edits. */
  async ensureSeeded(): Promise<void> {
    await this.ds
      .createQueryBuilder()
      .insert()
      .into(Plan)
      .values(
        PLAN_SEEDS.map((p, i) => ({
          name: p.name,
          minAmount: p.min,
          maxAmount: p.max,
          profitPercent: p.profitPercent,
          durationHours: p.durationHours,
          sortOrder: i,
        })),
      )
      .orIgnore()
      .execute();
  }
}
