import type { DataSource } from 'typeorm';
import { PLAN_SEEDS } from '@cryptovest/common';
import { NotifiedCache } from '../../db/notified-cache';
import { Plan } from './plan.entity';

/** The channel the `plan` table's trigger notifies on every write (migration PlanChanges). */
export const PLANS_CHANNEL = 'cryptovest_plans';

/** Investment plans: listing for everyone, seeding of the spec's four plans at start. */
export class PlanService {
  /**
   * The active plans, read on every page and signed-in dashboard: kept in memory while the
   * instance listens for the table's changes (wired in transport/graphql/live/live-updates.ts).
   */
  readonly cache: NotifiedCache<readonly Plan[]>;

  constructor(private readonly ds: DataSource) {
    this.cache = new NotifiedCache(PLANS_CHANNEL, () =>
      this.ds.getRepository(Plan).find({ where: { active: true }, order: { sortOrder: 'ASC', minAmount: 'ASC' } }),
    );
  }

  /**
   * Active plans, cheapest first. Shared between requests: read, never change them. (A deposit
   * checks its plan in the database, not here.)
   */
  list(): Promise<readonly Plan[]> {
    return this.cache.get();
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
